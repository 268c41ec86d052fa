import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'

const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
let cookie = ''
const shop = SEED_ZONES.scripts
const demo = SEED_ZONES.demo

beforeAll(async () => {
  emulator = memoryEmulator()
  app = createApp({ config: testConfig(), emulator, store })
  const { password } = await addPerson(store, 'ed', 'editor', ['example.com'])
  cookie = await sessionCookie(app, 'ed', password)
})
afterAll(async () => {
  emulator.close()
  await store.close()
})

const get = (url: string) => app.request(url, { headers: { cookie } })

describe('a person scoped to example.com', () => {
  it('sees only that zone in the zone list, whatever the filter', async () => {
    const all = await (await get('/api/v4/zones?per_page=50')).json()
    expect(all.result.map((z: { name: string }) => z.name)).toEqual(['example.com'])
    expect(all.result_info.count).toBe(1)
    const named = await (await get(`/api/v4/zones?name=${shop.name}`)).json()
    expect(named.result).toEqual([])
  })

  it('reaches its own zone', async () => {
    expect((await get(`/api/v4/zones/${demo.id}/dns_records`)).status).toBe(200)
    expect((await get(`/api/local/zones/${demo.id}/page-shield/reviews`)).status).toBe(200)
  })

  it.each([
    `/api/v4/zones/${shop.id}`,
    `/api/v4/zones/${shop.id}/dns_records`,
    `/api/v4/zones/${shop.id}/page_shield/scripts`,
    `/api/local/zones/${shop.id}/page-shield/reviews`,
    `/api/v4/zones/${'0'.repeat(32)}/dns_records`,
  ])('is refused %s', async (url) => {
    const res = await get(url)
    expect(res.status).toBe(403)
    expect((await res.json()).errors[0].message).toContain('outside your zone scope')
  })

  it('is refused a write to another zone, and a query that names one', async () => {
    const res = await app.request(`/api/v4/zones/${shop.id}/dns_records`, {
      method: 'POST',
      headers: { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 1 }),
    })
    expect(res.status).toBe(403)
    expect((await get(`/api/v4/zones/${demo.id}/dns_records?zone_id=${shop.id}`)).status).toBe(403)
  })

  it('cannot read account-level data (it spans every zone)', async () => {
    expect((await get(`/api/v4/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`)).status).toBe(403)
  })
})

describe('the zone list of a person with many zones in scope: exact paging and totals', () => {
  const names = Array.from({ length: 60 }, (_, i) => `z${String(i).padStart(2, '0')}.example.org`)
  // Every fifth new zone, and example.com: 13 zones in scope among 65.
  const scope = ['example.com', ...names.filter((_, i) => i % 5 === 0)]
  let scoped = ''
  beforeAll(async () => {
    // Straight into the sandbox (zone creation is not one of the dashboard's own endpoints).
    for (const name of names) {
      const res = await emulator.app.request('/zones', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, account: { id: DEMO_ACCOUNT.id } }),
      })
      expect(res.status, await res.clone().text()).toBeLessThan(300)
    }
    const { password } = await addPerson(store, 'many', 'viewer', scope)
    scoped = await sessionCookie(app, 'many', password)
  })
  const list = async (query: string, path = '/api/v4/zones') =>
    (await (await app.request(`${path}?${query}`, { headers: { cookie: scoped } })).json()) as {
      result: { name: string }[]
      result_info: { page: number; per_page: number; count: number; total_count: number; total_pages: number }
    }

  it('counts only the zones in scope, and every page holds the next ones in order', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const { result, result_info } = await list(`per_page=5&page=${page}`)
      expect(result_info).toEqual({ page, per_page: 5, count: page < 3 ? 5 : 3, total_count: 13, total_pages: 3 })
      seen.push(...result.map((z) => z.name))
    }
    expect(seen).toEqual([...scope].sort())
    expect((await list('per_page=5&page=4')).result).toEqual([])
  })

  it('keeps the filters and the order asked for, and clamps the page size as the API does', async () => {
    const desc = await list('order=name&direction=desc&per_page=50')
    expect(desc.result.map((z) => z.name)).toEqual([...scope].sort().reverse())
    expect(desc.result_info.total_count).toBe(13)
    const named = await list('name=contains:z1')
    expect(named.result.map((z) => z.name)).toEqual(['z10.example.org', 'z15.example.org'])
    expect(named.result_info).toMatchObject({ count: 2, total_count: 2, total_pages: 1, per_page: 20 })
    expect((await list('per_page=1')).result_info).toMatchObject({ per_page: 5, count: 5, total_count: 13 })
    // One trailing slash is the same list (the API accepts it): still only the zones in scope.
    expect((await list('per_page=50', '/api/v4/zones/')).result_info.total_count).toBe(13)
    const bad = await app.request('/api/v4/zones?per_page=many', { headers: { cookie: scoped } })
    expect(bad.status).toBe(400)
  })
})
