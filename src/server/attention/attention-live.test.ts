import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Emulator } from '../emulator'
import { createStore } from '../store'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import type { AttentionAnswer } from '../../shared/schemas/attention'

/**
 * The Attention route in live mode, against a real loopback API (the sandbox emulator behind it) that
 * reports the rate budget on every answer as the service does: each per-zone read is first admitted
 * by the budget, so once the figure leaves no room for a person's read, no zone's API data is asked
 * for and every section says it covered none of them.
 */
const QUOTA = 1200
let remaining = QUOTA
let emulator: Emulator
let upstream: FakeUpstream
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
let cookie = ''

beforeAll(async () => {
  emulator = memoryEmulator({ scaleZones: false })
  upstream = await startFakeUpstream((req, res) => {
    void (async () => {
      const type = req.headers['content-type']
      const answer = await emulator.app.request(req.url.replace(/^\/client\/v4/, ''), {
        method: req.method,
        headers: type ? { 'content-type': type } : {},
        body: req.body && req.method !== 'GET' ? req.body : undefined,
      })
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        ratelimit: `"default";r=${remaining};t=200`,
        'ratelimit-policy': `"burst";q=${QUOTA};w=300`,
      })
      res.end(Buffer.from(await answer.arrayBuffer()))
    })()
  })
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: 'live-token-for-attention-0123456789' }, apiBaseUrl: upstream.url }), store })
  await addPerson(store, 'adm', 'admin')
  cookie = await sessionCookie(app, 'adm', 'adm-password-1')
})
afterAll(async () => {
  await upstream.close()
  emulator.close()
  await store.close()
})

/** The attention page's answer, and the per-zone and account reads it sent upstream. */
async function visit() {
  upstream.requests.length = 0
  const res = await app.request('/api/local/attention', { headers: { cookie } })
  expect(res.status).toBe(200)
  const answer = ((await res.json()) as { result: AttentionAnswer }).result
  const perZone = upstream.requests.map((r) => r.url).filter((u) => /\/ssl\/certificate_packs|\/logpush\/jobs|\/rulesets\/phases|\/load_balancers\/pools/.test(u))
  return { answer, perZone, section: (key: string) => answer.sections.find((s) => s.key === key)! }
}

describe('the Attention route in live mode: the rate budget admits each per-zone read', () => {
  it('with room in the budget, every zone is read', async () => {
    remaining = QUOTA
    const { answer, perZone, section } = await visit()
    expect(answer.zones_in_scope).toBe(3)
    expect(perZone.filter((u) => u.includes('/ssl/certificate_packs'))).toHaveLength(3)
    expect(section('certificates')).toMatchObject({ coverage: 'Certificates checked in 3 of 3 zones.', complete: true })
  })

  it('once the budget refuses a read, no zone is read upstream and each section says it covered none', async () => {
    // The service says 1 request is left: below the floor kept for the last reads, so nothing more is admitted.
    remaining = 1
    const { answer, perZone, section } = await visit()
    expect(perZone).toEqual([])
    expect(answer.zones_in_scope).toBe(3)
    expect(section('certificates')).toMatchObject({ complete: false, items: [] })
    expect(section('certificates').coverage).toMatch(/^Certificates checked in 0 of 3 zones; the other 3 were not read/)
    expect(section('log_jobs')).toMatchObject({ complete: false, items: [] })
    expect(section('pools')).toMatchObject({ complete: false, coverage: expect.stringMatching(/^The pools were not read \(the rate budget refused the call/) })
    expect(section('budget').items.map((i) => i.title)).toEqual(['The API rate budget is low'])
  })
})
