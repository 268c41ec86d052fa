import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '../emulator/seed-ids'
import { liveSandbox, testClock, type LiveInstance } from '../../testing/live-sandbox'

/**
 * Stale-while-revalidate against the rate-limited sandbox: with the budget low, the zone list is
 * answered from what is kept, saying how old it is, and refreshed with one call whoever asks; with the
 * budget spent, it is still answered from what is kept (no call), and only a read nothing answers is
 * refused, with the plain message. The service never refuses anyone. The live instance's clock is
 * moved on to age what it keeps (instead of waiting for it to age).
 */
const QUOTA = 100
const WINDOW = 30
const TTL_MS = 400
const DEMO = SEED_ZONES.demo
const LIST = '/zones?per_page=50&order=status'

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
const clock = testClock()
let live: LiveInstance
const upstreamLines = kit.lines
const listCalls = () => upstreamLines.filter((l) => l.startsWith('GET /client/v4/zones?per_page=…&order=… ')).length

beforeAll(async () => {
  live = await kit.startLive({ cacheMs: TTL_MS, budget: { syncMs: 100, now: clock.now } })
})

/** Another client of the same token spends the budget straight at the sandbox down to `left`. */
const spendDownTo = (left: number) => kit.spendDownTo(live.token, left)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pausedOf = (body: { result: { id: string; paused: boolean }[] }) => body.result.find((z) => z.id === DEMO.id)?.paused
const list = async () => {
  const res = await fetch(`${live.url}/api/v4${LIST}`)
  return { res, body: (await res.json()) as { result: { id: string; paused: boolean }[]; errors: { code: number; message: string }[] } }
}

describe('account-wide lists while the budget is low or spent', () => {
  it('serves the kept list stale, saying how old, and refreshes it once; spent: stale without a call, or a plain refusal', async () => {
    const first = await list()
    expect(first.res.status).toBe(200)
    expect(pausedOf(first.body)).toBe(false)
    expect(listCalls()).toBe(1)

    // The budget runs low (8 of 100 left: below the tenth long work may not spend); the instance
    // learns it from a person's next read.
    await spendDownTo(9)
    expect((await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
    kit.emulator.db.prepare('UPDATE zones SET paused = 1 WHERE id = ?').run(DEMO.id)
    clock.advance(TTL_MS + 1100)

    // Five people at once, while the API is slow (a large batch holds the sandbox's door): all answered
    // at once from the kept list, which says how old it is.
    const busy = kit.emulator.ctx.exclusive!.run(() => sleep(1000))
    const asked = performance.now()
    const stale = await Promise.all(Array.from({ length: 5 }, list))
    expect(performance.now() - asked).toBeLessThan(800)
    for (const { res, body } of stale) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-zonekeeper-shared')).toBe('stale')
      expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(1)
      expect(pausedOf(body)).toBe(false)
    }
    // One refresh went upstream for all five, and it is what the next person sees.
    await busy
    await sleep(300)
    expect(listCalls()).toBe(2)
    const refreshed = await list()
    expect(refreshed.res.headers.get('x-zonekeeper-shared')).toBe('cached')
    expect(pausedOf(refreshed.body)).toBe(true)
    expect(listCalls()).toBe(2)

    // Spent (down to the last 2, which nobody spends): still the kept list, with no call at all.
    await spendDownTo(2)
    expect((await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=2`)).status).toBe(200) // learns the figure
    clock.advance(TTL_MS + 1100)
    const spent = await list()
    expect(spent.res.status).toBe(200)
    expect(spent.res.headers.get('x-zonekeeper-shared')).toBe('stale')
    expect(Number(spent.res.headers.get('age'))).toBeGreaterThanOrEqual(1)
    expect(pausedOf(spent.body)).toBe(true)
    await sleep(300)
    expect(listCalls()).toBe(2)
    // A list nothing kept: the plain message with how long to wait, never the service's 429.
    const refused = await fetch(`${live.url}/api/v4/zones?per_page=20&page=2`)
    expect(refused.status).toBe(429)
    const why = ((await refused.json()) as { errors: { code: number; message: string }[] }).errors[0]
    expect(why.code).toBe(10430)
    expect(why.message).toMatch(/Try again in \d+ s\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(BRIEF)
    expect(upstreamLines.some((l) => l.includes('/client/v4/') && / 429 /.test(l))).toBe(false)
  })
})
const BRIEF = 3
