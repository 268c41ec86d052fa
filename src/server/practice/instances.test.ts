import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { testConfig } from '../../testing/server'

/**
 * Practice works on any instance. Two instances (each its own app, store
 * connection and open copies, as two processes have) on one PostgreSQL, in live mode against one
 * live API; a practising person's requests go round robin between them, as behind a load balancer
 * without sticky sessions.
 */
const missing = postgresMissing()
if (missing) console.warn(missing)
const DEMO = SEED_ZONES.demo
const TOKEN = 'live-token-for-instances-0123456789'
const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
type App = ReturnType<typeof createApp>

describe.skipIf(Boolean(missing))('practice on two instances sharing one PostgreSQL', () => {
  let pgServer: TestPostgres
  let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
  const stores: Store[] = []
  const apps: App[] = []
  let cookie = ''
  let turn = 0
  /** Round robin: every request goes to the next instance. */
  const call = (path: string, init: RequestInit = {}, app = apps[turn++ % apps.length]) =>
    app.request(path, { ...init, headers: { ...(init.method && init.method !== 'GET' ? WRITE : {}), cookie } }, fromAddress('192.0.2.1'))
  const records = `/api/v4/zones/${DEMO.id}/dns_records`
  const add = (name: string, app?: App) =>
    call(records, { method: 'POST', body: JSON.stringify({ type: 'A', name, content: '192.0.2.44', ttl: 300, proxied: false }) }, app)
  const names = async (app: App) =>
    ((await (await call(`${records}?per_page=500`, {}, app)).json()) as { result: { name: string }[] }).result.map((r) => r.name)

  beforeAll(async () => {
    pgServer = await startPostgres()
    live = await startEmulatorUpstream()
    const databaseUrl = await pgServer.createDatabase()
    for (let i = 0; i < 2; i++) {
      const store = createStore({ dataDir: ':memory:', databaseUrl })
      stores.push(store)
      const config = testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: live.upstream.url, databaseUrl })
      apps.push(createApp({ config, store }))
    }
    await addPerson(stores[0], 'pia', 'viewer')
    cookie = await sessionCookie(apps[0], 'pia', 'pia-password-1')
    expect((await call('/api/local/practice', { method: 'POST', body: JSON.stringify({ practice: true }) })).status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    for (const s of stores) await s.close()
    await live?.close()
    pgServer?.stop()
  })

  it('a record created through one instance is there through the other, and never reaches the live API', async () => {
    expect((await add('made-on-a', apps[0])).status).toBe(200)
    expect(await names(apps[1])).toContain('made-on-a.example.com')
    expect((await add('made-on-b', apps[1])).status).toBe(200)
    const onA = await names(apps[0])
    expect(onA).toContain('made-on-a.example.com')
    expect(onA).toContain('made-on-b.example.com')
    // A change through B, then a read through A that had the copy open at an older version.
    const id = ((await (await call(`${records}?name=made-on-a.example.com`, {}, apps[1])).json()) as { result: { id: string }[] }).result[0].id
    expect((await call(`${records}/${id}`, { method: 'DELETE' }, apps[1])).status).toBe(200)
    expect(await names(apps[0])).not.toContain('made-on-a.example.com')
    expect(live.upstream.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('concurrent writes through both instances lose none', async () => {
    const wanted = Array.from({ length: 16 }, (_, i) => `both-${i}`)
    const answers = await Promise.all(wanted.map((n, i) => add(n, apps[i % 2])))
    expect(answers.map((a) => a.status)).toEqual(wanted.map(() => 200))
    for (const app of apps) {
      const seen = await names(app)
      for (const n of wanted) expect(seen).toContain(`${n}.example.com`)
    }
  })

  it('a change made through one instance is undone through the other (the undo writes through the app again)', async () => {
    const added = await add('undo-across', apps[0])
    expect(added.status).toBe(200)
    const started = Date.now()
    const undo = await call(`/api/local/audit/${added.headers.get('x-zonekeeper-audit-id')}/undo`, { method: 'POST', body: '{}' }, apps[1])
    expect(undo.status).toBe(200)
    // Not after waiting for a lease its own request held (30 s, sandboxes.ts): well under it, so a
    // neighbour running beside this file does not make it fail.
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(await names(apps[0])).not.toContain('undo-across.example.com')
  })

  it('a reset through one instance is what the other sees', async () => {
    expect((await call('/api/local/practice/reset', { method: 'POST' }, apps[1])).status).toBe(200)
    const seen = await names(apps[0])
    expect(seen).not.toContain('made-on-b.example.com')
    expect(seen).not.toContain('both-0.example.com')
  })
})
