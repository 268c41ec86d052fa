import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createStore } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { savedMigrationState } from '../../testing/lb-migration-state'

const store = createStore({ dataDir: ':memory:' })
const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
afterAll(() => store.close())

const ACCOUNT = 'c'.repeat(32)
const URL = `/api/local/accounts/${ACCOUNT}/lb-migration`
const cookies: Record<string, string> = {}
beforeAll(async () => {
  for (const [name, role, zones] of [
    ['ada', 'admin', '*'],
    ['eve', 'editor', '*'],
    ['vic', 'viewer', '*'],
  ] as const) {
    const { password } = await addPerson(store, name, role, zones)
    cookies[name] = await sessionCookie(app, name, password)
  }
})

const state = (patch: Record<string, unknown> = {}) => savedMigrationState(ACCOUNT, patch)
const call = (as: string, method: string, body?: unknown, headers: Record<string, string> = { 'x-zonekeeper-request': '1' }) =>
  app.request(URL, {
    method,
    headers: { cookie: cookies[as], 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const json = async (res: Response) =>
  (await res.json()) as { result: unknown; errors: { code: number; message: string; source?: { pointer: string } }[] }

describe('the load-balancing migration in the store', () => {
  it('answers null before anything is saved', async () => {
    const res = await call('ada', 'GET')
    expect(res.status).toBe(200)
    expect((await json(res)).result).toBeNull()
  })

  it('saves the state with who saved it, reads it back with its per-pool log, and forgets it', async () => {
    const put = await call('ada', 'PUT', state())
    expect(put.status).toBe(200)
    expect(Object.keys((await json(put)).result as object).sort()).toEqual(['updated_at', 'updated_by'])
    const got = (await json(await call('ada', 'GET'))).result as { state: unknown; updated_by: string; updated_at: string }
    expect(got.state).toEqual(state())
    expect(got.updated_by).toBe('Ada (ada)')
    expect(Date.parse(got.updated_at)).not.toBeNaN()
    expect((await call('ada', 'DELETE')).status).toBe(200)
    expect((await json(await call('ada', 'GET'))).result).toBeNull()
    // Recorded in the audit log as the migration's progress, without the state itself.
    const { entries } = await store.audit.list({}, 1, 10)
    const saves = entries.filter((e) => e.resourceType === 'lb_migration')
    expect(saves.map((e) => [e.area, e.resourceId, e.action])).toEqual([
      ['load-balancing', ACCOUNT, 'delete'],
      ['load-balancing', ACCOUNT, 'update'],
    ])
    expect(JSON.stringify(saves)).not.toContain('noc@acme.example')
  })

  it('refuses a state the shared schema does not accept, at its field, and one of another account', async () => {
    const bad = await json(await call('ada', 'PUT', state({ pageSize: 0 })))
    expect(bad.errors[0]).toMatchObject({ code: 1004, source: { pointer: '/pageSize' } })
    const other = await call('ada', 'PUT', state({ accountId: 'e'.repeat(32) }))
    expect(other.status).toBe(400)
    expect((await call('ada', 'PUT', state(), {})).status).toBe(403) // no X-Zonekeeper-Request
    expect((await app.request('/api/local/accounts/nope/lb-migration', { headers: { cookie: cookies.ada } })).status).toBe(400)
  })

  it('is for administrators only', async () => {
    for (const who of ['eve', 'vic']) {
      const res = await call(who, 'GET')
      expect(res.status).toBe(403)
      expect((await json(res)).errors[0].message).toContain('administrator role')
      expect((await call(who, 'PUT', state())).status).toBe(403)
    }
  })

  it('refuses to save over a state saved meanwhile elsewhere (409), when told what was last read', async () => {
    const expect_ = (v: string) => ({ 'x-zonekeeper-request': '1', 'x-zonekeeper-expect-updated-at': v })
    const first = (await json(await call('ada', 'PUT', state(), expect_('none')))).result as { updated_at: string }
    const again = await call('ada', 'PUT', state(), expect_('none'))
    expect(again.status).toBe(409)
    expect((await json(again)).errors[0]).toMatchObject({
      code: 10409,
      message: expect.stringContaining('saved meanwhile by Ada (ada)'),
    })
    expect((await call('ada', 'PUT', state({ step: 'done' }), expect_(first.updated_at))).status).toBe(200)
    expect((await call('ada', 'PUT', state(), expect_(first.updated_at))).status).toBe(409)
    expect((await call('ada', 'PUT', state(), expect_('yesterday'))).status).toBe(400)
    expect(((await json(await call('ada', 'GET'))).result as { state: { step: string } }).state.step).toBe('done')
  })
})
