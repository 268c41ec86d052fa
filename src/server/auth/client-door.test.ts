import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'

const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
let cookie = ''
const demo = SEED_ZONES.demo
const shop = SEED_ZONES.scripts
const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }

beforeAll(async () => {
  emulator = memoryEmulator()
  app = createApp({ config: testConfig(), emulator, store })
})
afterAll(async () => {
  emulator.close()
  await store.close()
})

const client = (path: string, token: string, init: RequestInit = {}) =>
  app.request(`/client/v4${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })

describe('the /client/v4 door with personal API tokens', () => {
  it('accepts any well-formed token while nobody is defined on loopback', async () => {
    expect((await client('/zones', 'anything')).status).toBe(200)
  })

  it('then needs a personal token, shown once, stored hashed, revocable', async () => {
    const { password } = await addPerson(store, 'ed', 'editor', ['example.com'])
    cookie = await sessionCookie(app, 'ed', password)
    expect((await client('/zones', 'anything')).status).toBe(403)
    const made = await app.request('/api/local/me/tokens', {
      method: 'POST',
      headers: { ...w, cookie },
      body: JSON.stringify({ name: 'certbot' }),
    })
    expect(made.status).toBe(201)
    const { result } = await made.json()
    expect(result.token).toMatch(/^zk_/)
    const listed = (await (await app.request('/api/local/me/tokens', { headers: { cookie } })).json()).result
    expect(listed).toEqual([expect.objectContaining({ name: 'certbot', prefix: result.token.slice(0, 10) })])
    expect(JSON.stringify(listed)).not.toContain(result.token)

    // Acts as its owner: zones in scope only, writes by role.
    const zones = (await (await client('/zones', result.token)).json()).result
    expect(zones.map((z: { name: string }) => z.name)).toEqual(['example.com'])
    expect((await client(`/zones/${shop.id}/dns_records`, result.token)).status).toBe(403)
    const created = await client(`/zones/${demo.id}/dns_records`, result.token, {
      method: 'POST',
      body: JSON.stringify({ type: 'TXT', name: '_acme-challenge', content: '"abc"', ttl: 120 }),
    })
    expect(created.status).toBe(200)

    await app.request(`/api/local/me/tokens/${result.id}`, { method: 'DELETE', headers: { ...w, cookie } })
    const revoked = await client('/zones', result.token)
    expect(revoked.status).toBe(403)
    expect((await revoked.json()).errors[0]).toMatchObject({ code: 10000 })
  })

  it('keeps the service answers for missing and malformed credentials', async () => {
    expect((await app.request('/client/v4/zones')).status).toBe(400)
    expect((await app.request('/client/v4/zones', { headers: { authorization: 'Basic x' } })).status).toBe(400)
  })

  it('refuses a viewer token a write', async () => {
    const { password } = await addPerson(store, 'vi', 'viewer')
    const vc = await sessionCookie(app, 'vi', password)
    const { result } = await (
      await app.request('/api/local/me/tokens', {
        method: 'POST',
        headers: { ...w, cookie: vc },
        body: JSON.stringify({ name: 'script' }),
      })
    ).json()
    const res = await client(`/zones/${demo.id}/dns_records`, result.token, {
      method: 'POST',
      body: JSON.stringify({ type: 'A', name: 'v', content: '192.0.2.1', ttl: 1 }),
    })
    expect(res.status).toBe(403)
    expect((await res.json()).errors[0].message).toContain('editor role')
  })
})
