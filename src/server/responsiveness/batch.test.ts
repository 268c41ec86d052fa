import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'

/**
 * Bulk deletes: a batch of 3,500 records (the paid plans' limit) runs in slices, so
 * /healthz keeps answering, while it still applies all or nothing and no other sandbox request sees
 * half of it. (Figures: `npm run bench -- responsiveness`; this checks the behaviour, not a time.)
 */
let emulator: Emulator
let server: RunningServer
beforeAll(async () => {
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
}, 120_000)
afterAll(async () => {
  await server.close()
  emulator.close()
})

const Z = SEED_ZONES.large.id
const auth = { authorization: 'Bearer sandbox' }
const total = async () =>
  ((await (await fetch(`${server.url}/client/v4/zones/${Z}/dns_records?per_page=5`, { headers: auth })).json()) as {
    result_info: { total_count: number }
  }).result_info.total_count
const batch = (body: object) =>
  fetch(`${server.url}/client/v4/zones/${Z}/dns_records/batch`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const someIds = (n: number) =>
  (
    emulator.db.prepare("SELECT id FROM dns_records WHERE zone_id = ? AND type NOT IN ('SOA', 'NS') LIMIT ?").all(Z, n) as {
      id: string
    }[]
  ).map((r) => r.id)

describe('a 3,500-record batch and the rest of the server', () => {
  it('a failing last item undoes every slice before it; nothing is left half done', async () => {
    const before = await total()
    const res = await batch({ deletes: [...someIds(3_499).map((id) => ({ id })), { id: 'f'.repeat(32) }] })
    expect(res.status).toBe(404)
    expect((await res.json()).errors[0].source.pointer).toBe('/deletes/3499/id')
    expect(await total()).toBe(before)
  }, 120_000)

  it('/healthz keeps answering while it runs; the record list shows the zone before or after, never between', async () => {
    const before = await total()
    let done = 0
    const started = performance.now()
    const running = batch({ deletes: someIds(3_500).map((id) => ({ id })) }).then(async (res) => {
      done = performance.now()
      return { status: res.status, body: await res.json() }
    })
    const answeredDuring: number[] = []
    const health = (async () => {
      while (!done) {
        const asked = performance.now()
        await (await fetch(`${server.url}/healthz`)).text()
        if (!done) answeredDuring.push(performance.now() - asked)
        await new Promise((r) => setTimeout(r, 5))
      }
    })()
    // Record lists asked meanwhile wait for the batch to commit (or see the zone before it began).
    const listCounts = new Set<number>()
    const lists = (async () => {
      while (!done) {
        listCounts.add(await total())
        await new Promise((r) => setTimeout(r, 5))
      }
    })()
    await Promise.all([health, lists])
    const outcome = await running
    expect(outcome.status).toBe(200)
    expect(outcome.body.result.deletes).toHaveLength(3_500)
    expect(await total()).toBe(before - 3_500)
    for (const n of listCounts) expect([before, before - 3_500]).toContain(n)
    expect(answeredDuring.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...answeredDuring)).toBeLessThan((done - started) / 2)
  }, 120_000)
})
