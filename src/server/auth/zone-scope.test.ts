import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createEmulator, type Emulator } from '../emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from './test-helpers'

const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
let cookie = ''
const shop = SEED_ZONES.scripts
const demo = SEED_ZONES.demo

beforeAll(async () => {
  emulator = createEmulator({ file: ':memory:' })
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
