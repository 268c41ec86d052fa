import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { AttentionAnswer, AttentionSection } from '../../shared/schemas/attention'

/**
 * The Attention route in the sandbox: each section's items from the seed (certificates, pools with the
 * legacy e-mail, malicious scripts) and from what the test makes (a change request, a watch alert), the
 * coverage each section states, the bound on per-zone reads, and the scope applied at the server's door.
 */
const DEMO = SEED_ZONES.demo
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
let bounded: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}
const boundedCookies: Record<string, string> = {}
let crId = 0

async function call<T>(who: string, method: string, path: string, body?: unknown, on = app, jar = cookies): Promise<T> {
  const res = await on.request(path, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1', cookie: jar[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors?: unknown }
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.errors)}`)
  return json.result
}
const attention = (who: string, on = app, jar = cookies) => call<AttentionAnswer>(who, 'GET', '/api/local/attention', undefined, on, jar)
const section = (a: AttentionAnswer, key: AttentionSection['key']) => a.sections.find((s) => s.key === key)

beforeAll(async () => {
  await emulator.ready
  app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0, retryMs: 20, maxAttempts: 1 } })
  await addPerson(store, 'adm', 'admin')
  await addPerson(store, 'ed', 'editor', [DEMO.name])
  for (const u of ['adm', 'ed']) cookies[u] = await sessionCookie(app, u, `${u}-password-1`)

  // The demo zone's scripts indexed (its first build may answer 202 while it reads).
  for (let i = 0; i < 50; i++) {
    const res = await app.request(`/api/local/zones/${DEMO.id}/page-shield/script-index`, { headers: { cookie: cookies.adm } })
    await res.body?.cancel()
    if (res.status === 200) break
    await new Promise((r) => setTimeout(r, 100))
  }

  // A change request on a zone whose changes need approval, filed by the editor.
  await call('adm', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: true, approverMode: 'admins' })
  const cr = await call<{ id: number }>('ed', 'POST', '/api/local/change-requests', {
    zoneId: DEMO.id,
    title: 'Add the shop',
    items: [{ action: 'create', body: { type: 'TXT', name: `attention.${DEMO.name}`, content: '"hello"', ttl: 300 } }],
  })
  crId = cr.id

  // The script watch: a baseline check, then a new script and a check that alerts.
  await call('adm', 'PUT', `/api/local/zones/${DEMO.id}/watch`, { interval_minutes: 60, enabled: true })
  const checkOnce = async () => {
    await call('adm', 'POST', `/api/local/zones/${DEMO.id}/watch/check`, {})
    for (let i = 0; i < 20; i++) {
      await watchOf(app).tick()
      const runs = await call<{ finished_at: number | null }[]>('adm', 'GET', `/api/local/zones/${DEMO.id}/watch/runs`)
      if (runs.length && runs.every((r) => r.finished_at)) break
    }
  }
  await checkOnce()
  await call('adm', 'POST', '/api/sandbox/page-shield/activity', { zone_id: DEMO.id, kind: 'new-script' })
  await checkOnce()

  // The same sandbox and store, reading the API for at most 2 zones per request.
  bounded = createApp({ config: testConfig(), emulator, store, attention: { zonesPerRequest: 2 } })
  boundedCookies.adm = await sessionCookie(bounded, 'adm', 'adm-password-1')
}, 60_000)

afterAll(async () => {
  await watchOf(app).stop()
  await watchOf(bounded).stop()
  await store.close()
  emulator.close()
})

describe('the Attention route', () => {
  it("lists each section's items within an administrator's scope, with what it covered", async () => {
    const a = await attention('adm')
    expect(a.zones_in_scope).toBe(3)
    expect(a.zones_read).toBe(3)

    // Certificates: the seed's legacy pack of each zone expires within 14 days.
    const certs = section(a, 'certificates')!
    expect(certs.items.map((i) => i.zone_name).sort()).toEqual(['example.com', 'newshop.dev', 'old-brand.net'])
    expect(certs.items[0].link).toMatch(/^\/zones\/[0-9a-f]{32}\/certificates\/[0-9a-f-]{36}$/)
    expect(certs.coverage).toBe('Certificates checked in 3 of 3 zones.')
    expect(certs.complete).toBe(true)

    // Scripts: the indexed zone's malicious ones, counted exactly; the others say they were not indexed.
    const scripts = section(a, 'scripts')!
    const counts = (await call<{ counts: { malicious: number } }>('adm', 'GET', `/api/local/zones/${DEMO.id}/page-shield/script-index`)).counts
    expect(counts.malicious).toBeGreaterThan(0)
    expect(scripts.items).toContainEqual({ title: `${counts.malicious} malicious script${counts.malicious === 1 ? '' : 's'}`, detail: 'Reported malicious by the API.', zone_name: DEMO.name, link: `/zones/${DEMO.id}/page-shield/scripts?malicious_only=true` })
    expect(scripts.coverage).toMatch(/^Scripts checked in 1 of 3 zones/)
    expect(scripts.complete).toBe(false)

    // The editor's pending request: the administrator may approve it.
    expect(section(a, 'change_requests')!.items).toEqual([{ title: 'Add the shop', detail: 'Pending: you may approve it (filed by ed).', zone_name: DEMO.name, link: `/change-requests/${crId}` }])

    // The watch's alert of the new script, unread.
    const alerts = section(a, 'watch_alerts')!
    expect(alerts.items.length).toBeGreaterThan(0)
    expect(alerts.items.every((i) => i.zone_name === DEMO.name && i.link === `/zones/${DEMO.id}/page-shield/alerts`)).toBe(true)

    // Pools: every pool of the account with the legacy e-mail, from one call.
    const pools = await call<{ name: string; notification_email?: string }[]>('adm', 'GET', `/api/v4/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`)
    const withMail = pools.filter((p) => p.notification_email).map((p) => p.name)
    expect(withMail.length).toBeGreaterThan(0)
    expect(section(a, 'pools')!.items.map((i) => i.title).sort()).toEqual(withMail.sort())
    expect(section(a, 'pools')!.coverage).toBe(`Every pool of the account read (${pools.length}).`)

    // Log jobs were read in every zone (the seed's jobs carry what their rules need) and credentials are listed to administrators.
    expect(section(a, 'log_jobs')!.coverage).toBe('Log jobs checked in 3 of 3 zones.')
    expect(section(a, 'credentials')).toBeDefined()
    expect(section(a, 'budget')!.coverage).toBe('No rate budget here (the sandbox, or no answer yet).')
  })

  it('reads the API for a bounded number of zones and says exactly how many', async () => {
    const a = await attention('adm', bounded, boundedCookies)
    expect(a.zones_read).toBe(2)
    const certs = section(a, 'certificates')!
    expect(certs.coverage).toBe('Certificates checked in 2 of 3 zones; the other 1 were not read (this page reads at most 2 per visit: open each zone\'s page, or Search\'s coverage, for the rest).')
    expect(certs.complete).toBe(false)
    expect(certs.items).toHaveLength(2)
    expect(section(a, 'log_jobs')!.coverage).toMatch(/^Log jobs checked in 2 of 3 zones; the other 1 were not read/)
  })

  it("applies the scope at the door: a person limited to one zone sees nothing of the others", async () => {
    const a = await attention('ed')
    expect(a.zones_in_scope).toBe(1)
    expect(section(a, 'certificates')!.items.map((i) => i.zone_name)).toEqual([DEMO.name])
    expect(section(a, 'certificates')!.coverage).toBe('Certificates checked in 1 of 1 zone.')
    for (const s of a.sections) for (const i of s.items) expect([DEMO.name, null]).toContain(i.zone_name)
    // Account-level pools and the vault are not theirs to see.
    expect(section(a, 'pools')!.items).toEqual([])
    expect(section(a, 'credentials')).toBeUndefined()
    // Their own pending request is not theirs to approve (approvers: administrators).
    expect(section(a, 'change_requests')!.items).toEqual([])
  })

  it("lists a person's own request once it needs them", async () => {
    await call('adm', 'POST', `/api/local/change-requests/${crId}/reject`, { comment: 'Not now' })
    const a = await attention('ed')
    expect(section(a, 'change_requests')!.items).toEqual([{ title: 'Add the shop', detail: 'Your request is rejected.', zone_name: DEMO.name, link: `/change-requests/${crId}` }])
    expect(section(await attention('adm'), 'change_requests')!.items).toEqual([])
  })

  it('counts every zone of the scope, not one page of the zone list, when there are more zones than a page', async () => {
    // A sandbox of its own with 9 zones: more than the list's smallest page (5), the size asked for 2 zones read.
    const many = memoryEmulator({ scaleZones: false })
    const own = createStore({ dataDir: ':memory:' })
    try {
      for (let i = 0; i < 6; i++) {
        const made = await many.app.request('/zones', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `more-${i}.example`, account: { id: DEMO_ACCOUNT.id } }) })
        expect(made.status).toBe(200)
      }
      const paged = createApp({ config: testConfig(), emulator: many, store: own, attention: { zonesPerRequest: 2 } })
      await addPerson(own, 'adm', 'admin')
      const jar = { adm: await sessionCookie(paged, 'adm', 'adm-password-1') }
      const a = await attention('adm', paged, jar)
      expect(a.zones_in_scope).toBe(9)
      expect(a.zones_read).toBe(2)
      const certs = section(a, 'certificates')!
      expect(certs.coverage).toBe('Certificates checked in 2 of 9 zones; the other 7 were not read (this page reads at most 2 per visit: open each zone\'s page, or Search\'s coverage, for the rest).')
      expect(certs.complete).toBe(false)
      expect(section(a, 'watch_alerts')!.complete).toBe(false)
      await watchOf(paged).stop()
    } finally {
      await own.close()
      many.close()
    }
  })
})
