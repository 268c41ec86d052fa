import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createStore, type Store } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'
import { runPeopleCommand } from './cli'

const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const { backends } = storeBackends('zk-tokens-')

describe.each(backends)('personal API tokens in the store on $name', ({ skip, open }) => {
  let store: Store
  beforeAll(async () => {
    if (!skip) store = await open()
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('are suspended while the owner is disabled or must choose a password, and revoked all at once', async () => {
    const p = (await store.people.add({ username: 'tia', displayName: 'Tia', role: 'viewer', zones: '*', passwordHash: 'h' }))!
    const { token } = await store.apiTokens.create(p.id, 'ci')
    await store.apiTokens.create(p.id, 'cron')
    expect(await store.apiTokens.resolve(token)).toBe(p.id)
    await store.people.update(p.id, { mustChangePassword: true })
    expect(await store.apiTokens.resolve(token)).toBeUndefined()
    await store.people.update(p.id, { mustChangePassword: false, disabled: true })
    expect(await store.apiTokens.resolve(token)).toBeUndefined()
    await store.people.update(p.id, { disabled: false })
    expect(await store.apiTokens.resolve(token)).toBe(p.id)
    expect(await store.apiTokens.revokeAll(p.id)).toBe(2)
    expect(await store.apiTokens.resolve(token)).toBeUndefined()
  })
})

describe('personal API tokens and the ways accounts are cleaned up', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  let admin = ''
  beforeAll(async () => {
    const { password } = await addPerson(store, 'boss', 'admin')
    admin = await sessionCookie(app, 'boss', password)
  })
  afterAll(() => store.close())

  const door = (token: string) => app.request('/client/v4/zones', { headers: { authorization: `Bearer ${token}` } })
  const makeToken = async (cookie: string, name = 'ci') => {
    const res = await app.request('/api/local/me/tokens', { method: 'POST', headers: { ...w, cookie }, body: JSON.stringify({ name }) })
    expect(res.status).toBe(201)
    return (await res.json()).result as { id: string; token: string; prefix: string }
  }
  const asAdmin = (path: string, method = 'GET') => app.request(path, { method, headers: { ...w, cookie: admin } })
  const personWithToken = async (username: string) => {
    const { person, password } = await addPerson(store, username, 'editor')
    const cookie = await sessionCookie(app, username, password)
    const t = await makeToken(cookie)
    expect((await door(t.token)).status).toBe(200)
    return { person, password, cookie, ...t }
  }

  it('stop working when an administrator resets the password', async () => {
    const p = await personWithToken('rita')
    const reset = await asAdmin(`/api/local/people/${p.person.id}/password`, 'POST')
    expect((await reset.json()).result).toMatchObject({ tokens_revoked: 1 })
    expect((await door(p.token)).status).toBe(403)
  })

  it('stop working while the owner must choose a new password', async () => {
    const p = await personWithToken('mona')
    await store.people.update(p.person.id, { mustChangePassword: true })
    expect((await door(p.token)).status).toBe(403)
  })

  it("stop working after the owner's own password change", async () => {
    const p = await personWithToken('owen')
    const res = await app.request('/password', {
      method: 'POST',
      headers: { cookie: p.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ current: p.password, password: 'amber-kettle-violin-42', again: 'amber-kettle-violin-42' }).toString(),
    })
    expect(res.status).toBe(303)
    expect((await door(p.token)).status).toBe(403)
  })

  it('stop working on disable, and stay revoked after enable', async () => {
    const p = await personWithToken('dina')
    const off = await app.request(`/api/local/people/${p.person.id}`, { method: 'PATCH', headers: { ...w, cookie: admin }, body: JSON.stringify({ disabled: true }) })
    expect(off.status).toBe(200)
    expect((await door(p.token)).status).toBe(403)
    await app.request(`/api/local/people/${p.person.id}`, { method: 'PATCH', headers: { ...w, cookie: admin }, body: JSON.stringify({ disabled: false }) })
    expect((await door(p.token)).status).toBe(403)
  })

  it("administrators list anyone's tokens with their last use, and revoke one or all; others may not", async () => {
    const p = await personWithToken('lena')
    const second = await makeToken(p.cookie, 'backup job')
    const listed = (await (await asAdmin(`/api/local/people/${p.person.id}/tokens`)).json()).result
    expect(listed).toHaveLength(2)
    const used = listed.find((t: { id: string }) => t.id === p.id)
    expect(used).toMatchObject({ name: 'ci', prefix: p.prefix })
    expect(Date.parse(used.last_used_at)).toBeGreaterThan(0)
    expect(listed.find((t: { id: string }) => t.id === second.id).last_used_at).toBeNull()
    expect(JSON.stringify(listed)).not.toContain(p.token)
    // Not for anyone else (the person themselves is an editor).
    expect((await app.request(`/api/local/people/${p.person.id}/tokens`, { headers: { cookie: p.cookie } })).status).toBe(403)
    expect((await asAdmin(`/api/local/people/${p.person.id}/tokens/${p.id}`, 'DELETE')).status).toBe(200)
    expect((await door(p.token)).status).toBe(403)
    expect((await door(second.token)).status).toBe(200)
    expect((await (await asAdmin(`/api/local/people/${p.person.id}/tokens`, 'DELETE')).json()).result).toEqual({ tokens_revoked: 1 })
    expect((await door(second.token)).status).toBe(403)
    expect((await asAdmin(`/api/local/people/${p.person.id}/tokens/${p.id}`, 'DELETE')).status).toBe(404)
  })

  it('npm run people lists and revokes tokens; reset-password and disable revoke them', async () => {
    const lines: string[] = []
    const run = (...argv: string[]) => runPeopleCommand(argv, store, (l) => lines.push(l))
    const p = await personWithToken('cleo')
    await run('tokens', 'cleo')
    expect(lines.pop()).toMatch(new RegExp(`^${p.id}\\t${p.prefix}…\\tci\\tcreated \\S+\\tlast used \\S+$`))
    await run('revoke-token', 'cleo', p.prefix)
    expect(lines.pop()).toContain('Revoked the token "ci"')
    expect((await door(p.token)).status).toBe(403)
    const again = await makeToken(p.cookie)
    await run('reset-password', 'cleo')
    expect(lines.pop()).toMatch(/1 API token\(s\) revoked/)
    expect((await door(again.token)).status).toBe(403)
    const q = await personWithToken('cleo2')
    await run('disable', 'cleo2')
    expect(lines.pop()).toMatch(/1 API token\(s\) revoked/)
    expect((await door(q.token)).status).toBe(403)
  })
})
