import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryEmulator } from '../../testing/memory-emulator'
import { startApp, testConfig } from '../../testing/server'
import { createEmulator, type Emulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'

/**
 * A sandbox reset (every table emptied, 10,000 DNS records and 20,000 scripts written
 * again) does not freeze the server: a worker thread writes, /healthz keeps answering, and sandbox
 * requests made meanwhile wait for the reset and then see its data. (Figures: `npm run bench`.)
 */
const dir = mkdtempSync(join(tmpdir(), 'zonekeeper-reset-'))
let emulator: Emulator
let server: RunningServer
beforeAll(async () => {
  // The seeded sandbox as a file, from this worker's seeded image (memoryEmulator): the start finds it
  // seeded and writes nothing. What is timed is the reset, which writes everything again for real.
  const seeded = memoryEmulator()
  writeFileSync(join(dir, 'sandbox.sqlite'), seeded.db.serialize())
  seeded.close()
  emulator = createEmulator({ file: join(dir, 'sandbox.sqlite'), scaleInBackground: true })
  expect(emulator.preparing()).toEqual([])
  server = await startApp({ config: testConfig(), emulator })
}, 120_000)
afterAll(async () => {
  await server.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const zoneName = async () =>
  ((await (await fetch(`${server.url}/api/v4/zones/${SEED_ZONES.demo.id}`)).json()) as { result: { name: string } }).result.name
const records = async (name: string) =>
  ((await (await fetch(`${server.url}/api/v4/zones/${SEED_ZONES.demo.id}/dns_records?name=${name}`)).json()) as { result: unknown[] })
    .result.length

describe('a sandbox reset and the rest of the server', () => {
  it('/healthz keeps answering while the reset runs; requests meanwhile wait, then see the reset data', async () => {
    const added = await fetch(`${server.url}/api/v4/zones/${SEED_ZONES.demo.id}/dns_records`, {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ type: 'A', name: `before-reset.${SEED_ZONES.demo.name}`, content: '192.0.2.7', ttl: 1 }),
    })
    expect(added.status).toBe(200)
    expect(await records(`before-reset.${SEED_ZONES.demo.name}`)).toBe(1)

    let resetDone = 0
    const started = performance.now()
    const resetting = fetch(`${server.url}/api/sandbox/reset`, { method: 'POST', headers: WRITE }).then((res) => {
      resetDone = performance.now()
      return res.status
    })
    // Asked while the reset runs: answered once it is in, with the reset data.
    await new Promise((r) => setTimeout(r, 20))
    const during = records(`before-reset.${SEED_ZONES.demo.name}`).then((n) => ({ n, at: performance.now() }))
    const answeredDuring: number[] = []
    while (!resetDone) {
      const asked = performance.now()
      const res = await fetch(`${server.url}/healthz`)
      await res.text()
      if (!resetDone) answeredDuring.push(performance.now() - asked)
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(await resetting).toBe(200)
    const seen = await during
    expect(seen.n).toBe(0)
    // Released as soon as the reset is in, not after some polling interval.
    expect(seen.at - resetDone).toBeLessThan(250)
    expect(answeredDuring.length).toBeGreaterThanOrEqual(5)
    expect(Math.max(...answeredDuring)).toBeLessThan((resetDone - started) / 2)

    // A write right after the reset lands in the reset data and stays.
    expect(await zoneName()).toBe(SEED_ZONES.demo.name)
    const after = await fetch(`${server.url}/api/v4/zones/${SEED_ZONES.demo.id}/dns_records`, {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ type: 'A', name: `after-reset.${SEED_ZONES.demo.name}`, content: '192.0.2.8', ttl: 1 }),
    })
    expect(after.status).toBe(200)
    expect(await records(`after-reset.${SEED_ZONES.demo.name}`)).toBe(1)
    expect(emulator.db.prepare('SELECT COUNT(*) FROM dns_records WHERE zone_id = ?').pluck().get(SEED_ZONES.large.id)).toBe(10_000)
  }, 120_000)
})
