import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { DEMO_ACCOUNT } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { testConfig } from '../../testing/server'

/**
 * The zone id → name lookups that scope checks and the audit use: a practising person's lookups
 * (their own copy, where live zones may be missing) must never cost anyone access in live mode, nor
 * take the zone name off a live write's audit entry.
 */
const TOKEN = 'live-token-for-zone-names-0123456789'
const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}
let zone = { id: '', name: 'live-only.example.org' }

const call = (who: string, path: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { ...(init.headers as object), cookie: cookies[who] } }, fromAddress('192.0.2.1'))

beforeAll(async () => {
  live = await startEmulatorUpstream()
  // A zone of the live account that no practice copy has.
  const created = await live.emulator.app.request('/zones', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: zone.name, account: { id: DEMO_ACCOUNT.id } }),
  })
  zone = { ...zone, id: ((await created.json()) as { result: { id: string } }).result.id }
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: live.upstream.url }), store })
  await addPerson(store, 'vic', 'viewer', ['example.com'])
  await addPerson(store, 'ed', 'editor', [zone.name])
  for (const who of ['vic', 'ed']) cookies[who] = await sessionCookie(app, who, `${who}-password-1`)
  expect((await call('vic', '/api/local/practice', { method: 'POST', headers: WRITE, body: JSON.stringify({ practice: true }) })).status).toBe(200)
})
afterAll(async () => {
  await live.close()
  await store.close()
})

describe('zone names: practice never poisons live', () => {
  it("a practising viewer's 5,010 lookups cost an editor scoped to a live zone nothing", async () => {
    // The practising viewer (scoped to example.com) looks up 5,010 zone ids (the audit history of
    // each: its zone is checked against their scope), the live-only zone last, and writes in it (their
    // copy has no such zone: a 404, whose audit entry looks the zone's name up in their copy).
    const ids = [...Array.from({ length: 5010 }, () => randomBytes(16).toString('hex')), zone.id]
    let next = 0
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]
          await (await call('vic', `/api/local/audit/history?zone_id=${id}&resource_type=dns_record&resource_id=x`)).arrayBuffer()
        }
      }),
    )
    const practiceWrite = await call('vic', `/api/v4/zones/${zone.id}/dns_records`, {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.10', ttl: 300, proxied: false }),
    })
    expect(practiceWrite.status).toBe(404)
    live.upstream.requests.length = 0
    // Live, the editor reaches the zone in their scope (the name is asked of the live API).
    const read = await call('ed', `/api/v4/zones/${zone.id}/dns_records`)
    expect(read.status).toBe(200)
    expect(live.upstream.requests.length).toBeGreaterThan(0)
    // And their live write is audited with the zone's name.
    const write = await call('ed', `/api/v4/zones/${zone.id}/dns_records`, {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.10', ttl: 300, proxied: false }),
    })
    expect(write.status).toBe(200)
    const entry = await store.audit.get(Number(write.headers.get('x-zonekeeper-audit-id')))
    expect(entry).toMatchObject({ mode: 'live', zoneId: zone.id, zoneName: zone.name })
  })

  it('a zone unknown a moment ago is found once it exists (a 404 is not kept)', async () => {
    const later = 'arrives-later.example.org'
    await addPerson(store, 'al', 'viewer', [later])
    cookies.al = await sessionCookie(app, 'al', 'al-password-1')
    const created = await live.emulator.app.request('/zones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: later, account: { id: DEMO_ACCOUNT.id } }),
    })
    const id = ((await created.json()) as { result: { id: string } }).result.id
    // Deleted, then asked for: not found, refused.
    await live.emulator.app.request(`/zones/${id}`, { method: 'DELETE' })
    expect((await call('al', `/api/v4/zones/${id}/dns_records`)).status).toBe(403)
    // The same id is back (restored); the refusal was not remembered.
    live.emulator.db
      .prepare(
        `INSERT INTO zones (id, name, status, type, paused, account_id, plan, name_servers, created_on, modified_on)
         SELECT ?, ?, status, type, paused, account_id, plan, name_servers, created_on, modified_on FROM zones WHERE name = 'example.com'`,
      )
      .run(id, later)
    expect((await call('al', `/api/v4/zones/${id}/dns_records`)).status).toBe(200)
  })

  it('the budget panel is for administrators only', async () => {
    const refused = await call('ed', '/api/local/budget')
    expect(refused.status).toBe(403)
    await addPerson(store, 'ada', 'admin')
    cookies.ada = await sessionCookie(app, 'ada', 'ada-password-1')
    const panel = (await (await call('ada', '/api/local/budget')).json()) as { result: { live: boolean; byPerson: { name: string }[] } }
    expect(panel.result.live).toBe(true)
    // Practice requests never reach the live API, so never count: only live callers are listed.
    expect(panel.result.byPerson.map((p) => p.name)).not.toContain('vic')
    expect(panel.result.byPerson.map((p) => p.name)).toContain('ed')
  })
})
