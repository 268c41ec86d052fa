import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { createStore, type Store, type StoreLocation } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { runPeopleCommand } from './cli'

/**
 * At least one active administrator is kept by the store itself. Two instances
 * (two stores on one database) where two administrators demote each other at the same moment: one
 * wins, the other gets 409, and an administrator is left. On SQLite and PostgreSQL.
 */
const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-last-admin-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
}, 60_000)
afterAll(() => {
  pg?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const backends: { name: string; skip: boolean; location: () => Promise<StoreLocation> }[] = [
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: join(dir, String(Math.random())) }) },
  {
    name: 'PostgreSQL',
    skip: Boolean(missing),
    location: async () => ({ dataDir: dir, databaseUrl: await pg!.createDatabase() }),
  },
]
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }

describe.each(backends)('the last administrator on $name', ({ skip, location }) => {
  const stores: Store[] = []
  afterAll(async () => {
    for (const s of stores) await s.close()
  })
  const instances = async () => {
    const where = await location()
    const [a, b] = [createStore(where), createStore(where)]
    stores.push(a, b)
    await a.open()
    await b.open()
    const config = testConfig()
    return {
      store: a,
      one: createApp({ config, emulator: fakeEmulator(), store: a }),
      two: createApp({ config, emulator: fakeEmulator(), store: b }),
    }
  }

  it.skipIf(skip)('two administrators demoting each other at once on two instances leave one', async () => {
    const { store, one, two } = await instances()
    for (let round = 0; round < 5; round++) {
      const x = await addPerson(store, `x${round}`, 'admin')
      const y = await addPerson(store, `y${round}`, 'admin')
      // Only x and y are administrators in this round: the previous round's survivor steps down first.
      for (const p of await store.people.list()) {
        if (p.role === 'admin' && p.id !== x.person.id && p.id !== y.person.id)
          await store.people.update(p.id, { role: 'viewer' })
      }
      const xc = await sessionCookie(one, x.person.username, x.password, `192.0.2.${round + 1}`)
      const yc = await sessionCookie(two, y.person.username, y.password, `198.51.100.${round + 1}`)
      const demote = (app: typeof one, cookie: string, id: string) =>
        app.request(`/api/local/people/${id}`, {
          method: 'PATCH',
          headers: { ...W, cookie },
          body: JSON.stringify({ role: 'editor', zones: '*' }),
        })
      const [a, b] = await Promise.all([demote(one, xc, y.person.id), demote(two, yc, x.person.id)])
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409])
      const admins = (await store.people.list()).filter((p) => p.role === 'admin' && !p.disabled)
      expect(admins).toHaveLength(1)
    }
  })

  it.skipIf(skip)('disabling each other at once, and the CLI, keep one too', async () => {
    const { store, one, two } = await instances()
    const x = await addPerson(store, 'xd', 'admin')
    const y = await addPerson(store, 'yd', 'admin')
    const xc = await sessionCookie(one, 'xd', x.password, '192.0.2.50')
    const yc = await sessionCookie(two, 'yd', y.password, '198.51.100.50')
    const disable = (app: typeof one, cookie: string, id: string) =>
      app.request(`/api/local/people/${id}`, {
        method: 'PATCH',
        headers: { ...W, cookie },
        body: JSON.stringify({ disabled: true }),
      })
    const [a, b] = await Promise.all([disable(one, xc, y.person.id), disable(two, yc, x.person.id)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const left = (await store.people.list()).find((p) => p.role === 'admin' && !p.disabled)!
    await expect(runPeopleCommand(['disable', left.username], store, () => {})).rejects.toThrow(/last active administrator/)
    expect((await store.people.byId(left.id))?.disabled).toBe(false)
  })
})

describe('an administrator has all zones', () => {
  const store = createStore({ dataDir: ':memory:' })
  // A real sandbox: the zones given to a person are checked against the account's.
  // The demo zones are enough; the scale-test zones (20,000 scripts) took seconds to write.
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    emulator.close()
    await store.close()
  })

  it('refuses a zone list for an administrator (add, change, CLI), accepts it for a lower role', async () => {
    const boss = await addPerson(store, 'boss', 'admin')
    const ed = await addPerson(store, 'ed', 'editor', ['example.com'])
    const cookie = await sessionCookie(app, 'boss', boss.password)
    const h = { ...W, cookie }
    const add = await app.request('/api/local/people', {
      method: 'POST',
      headers: h,
      body: JSON.stringify({
        username: 'ann',
        display_name: 'Ann',
        role: 'admin',
        zones: ['example.com'],
        password: 'long-enough-pw',
      }),
    })
    expect(add.status).toBe(400)
    expect((await add.json()).errors[0]).toMatchObject({
      source: { pointer: '/zones' },
      message: expect.stringMatching(/all zones/),
    })
    expect(await store.people.byUsername('ann')).toBeUndefined()

    const promote = await app.request(`/api/local/people/${ed.person.id}`, {
      method: 'PATCH',
      headers: h,
      body: JSON.stringify({ role: 'admin', zones: ['example.com'] }),
    })
    expect(promote.status).toBe(400)
    const narrow = await app.request(`/api/local/people/${boss.person.id}`, {
      method: 'PATCH',
      headers: h,
      body: JSON.stringify({ zones: ['example.com'] }),
    })
    expect(narrow.status).toBe(400)
    expect((await store.people.byId(boss.person.id))?.zones).toBe('*')
    expect((await store.people.byId(ed.person.id))?.role).toBe('editor')

    const fine = await app.request(`/api/local/people/${ed.person.id}`, {
      method: 'PATCH',
      headers: h,
      body: JSON.stringify({ zones: ['example.com', 'newshop.dev'] }),
    })
    expect(fine.status).toBe(200)
    await expect(runPeopleCommand(['add', 'zoe', '--role', 'admin', '--zones', 'example.com'], store, () => {})).rejects.toThrow(
      /all zones/,
    )
  })
})
