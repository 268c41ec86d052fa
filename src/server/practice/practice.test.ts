import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { testConfig } from '../../testing/server'

/**
 * The personal practice sandbox in live mode, against a live API that records every
 * request (the emulator behind a real HTTP server): while a session practises, nothing reaches it.
 */
const TOKEN = 'live-token-for-practice-0123456789'
const DEMO = SEED_ZONES.demo
const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}

const call = (who: string, path: string, init: RequestInit = {}) =>
  app.request(
    path,
    {
      ...init,
      headers: { ...(init.method && init.method !== 'GET' ? WRITE : {}), ...(init.headers as object), cookie: cookies[who] },
    },
    fromAddress('192.0.2.1'),
  )
const post = (who: string, path: string, body: unknown, method = 'POST') =>
  call(who, path, { method, body: JSON.stringify(body) })
const practise = (who: string, on = true) => post(who, '/api/local/practice', { practice: on })
const addRecord = (who: string, name: string) =>
  post(who, `/api/v4/zones/${DEMO.id}/dns_records`, { type: 'A', name, content: '192.0.2.77', ttl: 300, proxied: false })
const names = async (who: string) =>
  (
    (await (await call(who, `/api/v4/zones/${DEMO.id}/dns_records?per_page=500`)).json()) as { result: { name: string }[] }
  ).result.map((r) => r.name)

beforeAll(async () => {
  live = await startEmulatorUpstream()
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: live.upstream.url }), store })
  for (const [name, role] of [
    ['vic', 'viewer'],
    ['vic2', 'viewer'],
    ['ed', 'editor'],
  ] as const) {
    const username = name === 'vic2' ? 'vic' : name
    if (name !== 'vic2') await addPerson(store, username, role)
    // vic2: a second browser of the same person (a session of its own).
    cookies[name] = await sessionCookie(app, username, `${username}-password-1`)
  }
})
afterAll(async () => {
  await live.close()
  await store.close()
})
beforeEach(() => {
  live.upstream.requests.length = 0
})

describe('practice sandbox in live mode', () => {
  it('a viewer may not write live; switched to practice, they may, and nothing reaches the live API', async () => {
    const refused = await addRecord('vic', 'not-live')
    expect(refused.status).toBe(403)
    expect(live.upstream.requests).toHaveLength(0)

    const on = await practise('vic')
    expect(on.status).toBe(200)
    expect((await on.json()).result).toMatchObject({ mode: 'practice', available: true })
    const me = (await (await call('vic', '/api/local/me')).json()).result
    expect(me.practice).toBe(true)

    const added = await addRecord('vic', 'practice-one')
    expect(added.status).toBe(200)
    expect(await names('vic')).toContain(`practice-one.${DEMO.name}`)
    // The zone list, the audit's reads before and after, the record list: none went upstream.
    expect(live.upstream.requests).toEqual([])
    // The live zone is untouched.
    const liveNames = live.emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ?').pluck().all(DEMO.id)
    expect(liveNames).not.toContain(`practice-one.${DEMO.name}`)
  })

  it('is per session: another browser of the same person is still live', async () => {
    expect(await names('vic2')).not.toContain(`practice-one.${DEMO.name}`)
    expect(live.upstream.requests.map((r) => r.method)).toEqual(['GET'])
    expect(live.upstream.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect((await addRecord('vic2', 'still-refused')).status).toBe(403)
  })

  it("is private: another person's practice data does not have the record", async () => {
    await practise('ed')
    expect(await names('ed')).not.toContain(`practice-one.${DEMO.name}`)
    expect((await addRecord('ed', 'eds-own')).status).toBe(200)
    expect(await names('vic')).not.toContain(`eds-own.${DEMO.name}`)
    expect(live.upstream.requests).toEqual([])
  })

  it('starts without the scale-test zones', async () => {
    const zones = (await (await call('vic', '/api/v4/zones?per_page=50')).json()).result.map((z: { name: string }) => z.name)
    expect(zones).toContain(DEMO.name)
    expect(zones).not.toContain(SEED_ZONES.large.name)
    expect(zones).not.toContain(SEED_ZONES.scripts.name)
  })

  it('records practice writes in the audit log with mode "practice", seen only in that practice session', async () => {
    const entries = (await (await call('vic', '/api/local/audit')).json()).result as {
      mode: string
      username: string
      action: string
    }[]
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.every((e) => e.mode === 'practice' && e.username === 'vic')).toBe(true)
    // The live session of the same person does not see them (nor could undo them against the live account).
    const liveView = (await (await call('vic2', '/api/local/audit')).json()).result as { mode: string }[]
    expect(liveView.some((e) => e.mode === 'practice')).toBe(false)
  })

  it('undo in practice acts on the practice data', async () => {
    const added = await addRecord('vic', 'undo-me')
    const id = added.headers.get('x-zonekeeper-audit-id')
    expect(await names('vic')).toContain(`undo-me.${DEMO.name}`)
    const undo = await post('vic', `/api/local/audit/${id}/undo`, {})
    expect(undo.status).toBe(200)
    expect(await names('vic')).not.toContain(`undo-me.${DEMO.name}`)
    expect(live.upstream.requests).toEqual([])
  })

  it('keeps no restore point and no bulk before or after in practice entries', async () => {
    const posts = Array.from({ length: 40 }, (_, i) => ({ type: 'TXT', name: `bulk-practice-${i}`, content: '"x"', ttl: 300, comment: 'c'.repeat(400) }))
    const made = await post('vic', `/api/v4/zones/${DEMO.id}/dns_records/batch`, { posts })
    expect(made.status, await made.clone().text()).toBe(200)
    const created = ((await made.json()) as { result: { posts: { id: string }[] } }).result.posts
    const gone = await post('vic', `/api/v4/zones/${DEMO.id}/dns_records/batch`, { deletes: created.map((r) => ({ id: r.id })) })
    expect(gone.status).toBe(200)
    for (const res of [made, gone]) {
      const e = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
      expect(e.mode).toBe('practice')
      expect(e.hasRestorePoint).toBe(false)
      expect(JSON.stringify([e.before, e.after]).length).toBeLessThan(2_000)
    }
  })

  it('a reset brings back the demo data for that person only', async () => {
    const reset = await post('vic', '/api/local/practice/reset', {})
    expect(reset.status).toBe(200)
    expect(await names('vic')).not.toContain(`practice-one.${DEMO.name}`)
    expect(await names('ed')).toContain(`eds-own.${DEMO.name}`)
    expect(live.upstream.requests).toEqual([])
  })

  it('switching back to live uses the live API again, with its role checks', async () => {
    await practise('vic', false)
    expect((await addRecord('vic', 'after-practice')).status).toBe(403)
    await names('vic')
    expect(live.upstream.requests).toHaveLength(1)
  })
})

describe('practice for the local administrator (live, nobody defined yet, loopback)', () => {
  it('switches with a cookie of its own and then never reaches the live API', async () => {
    const lone = createStore({ dataDir: ':memory:' })
    const localApp = createApp({
      config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: live.upstream.url }),
      store: lone,
    })
    const on = await localApp.request('/api/local/practice', {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ practice: true }),
    })
    expect(on.status).toBe(200)
    const cookie = on.headers.get('set-cookie')!.split(';')[0]
    expect(cookie).toBe('zonekeeper_practice=1')
    live.upstream.requests.length = 0
    const added = await localApp.request(`/api/v4/zones/${DEMO.id}/dns_records`, {
      method: 'POST',
      headers: { ...WRITE, cookie },
      body: JSON.stringify({ type: 'A', name: 'local-practice', content: '192.0.2.9', ttl: 300, proxied: false }),
    })
    expect(added.status).toBe(200)
    expect(live.upstream.requests).toEqual([])
    // Without the cookie (another browser) it is the live account.
    await localApp.request('/api/v4/zones')
    expect(live.upstream.requests).toHaveLength(1)
    await lone.close()
  })
})
