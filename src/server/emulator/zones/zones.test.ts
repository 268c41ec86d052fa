import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zoneSchema } from '../../../shared/schemas/zone'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../seed-ids'

let em: ModuleEmulator
const zones = async (query = '') => {
  const r = await call(em.app, 'GET', `/zones?${query}`)
  expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
  return r.body
}
const names = async (query: string) => (await zones(query)).result.map((z: { name: string }) => z.name)

beforeAll(() => {
  em = createModuleEmulator([])
  em.db.prepare('INSERT INTO accounts (id, name) VALUES (?, ?)').run('b'.repeat(32), 'Other Org')
  em.db
    .prepare(
      `INSERT INTO zones (id, name, status, type, account_id, plan, name_servers, created_on, modified_on)
       VALUES (?, 'Partner.ORG', 'initializing', 'partial', ?, ?, '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    )
    .run('c'.repeat(32), 'b'.repeat(32), JSON.stringify({ id: 'x', name: 'Free Website', legacy_id: 'free' }))
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

describe('GET /zones', () => {
  it('lists every zone with result_info, default 20 per page, ordered by name', async () => {
    const b = await zones()
    expect(b.result_info).toEqual({ page: 1, per_page: 20, count: 6, total_count: 6, total_pages: 1 })
    const list: string[] = b.result.map((z: { name: string }) => z.name)
    expect(list).toEqual([...list].sort())
    for (const z of b.result) expect(zoneSchema.safeParse(z).error?.issues ?? [], z.name).toEqual([])
  })

  it('filters by name with operators (case-insensitive unless asked)', async () => {
    expect(await names('name=EXAMPLE.com')).toEqual(['example.com'])
    expect(await names('name=contains:.org')).toEqual(['Partner.ORG'])
    expect(await names('name=ends_with:.dev')).toEqual(['newshop.dev'])
    expect(await names('name=starts_with:big')).toEqual(['bigcorp-records.com'])
    expect(await names('name=not_equal:example.com')).not.toContain('example.com')
    expect(await names('name=contains_case_sensitive:ORG')).toEqual(['Partner.ORG'])
    expect(await names('name=contains_case_sensitive:org')).toEqual([])
    expect(await names('name=ends_with_case_sensitive:.ORG')).toEqual(['Partner.ORG'])
    expect(await names('name=starts_with_case_sensitive:partner')).toEqual([])
    expect(await names('name=contains:_')).toEqual([]) // "_" is literal, not a wildcard
  })

  it('filters by status, account.id, account.name; match=any widens', async () => {
    expect(await names('status=pending')).toEqual(['newshop.dev'])
    expect(await names('status=moved')).toEqual(['old-brand.net'])
    expect((await names(`account.id=${DEMO_ACCOUNT.id}`)).length).toBe(5)
    expect(await names('account.name=contains:other')).toEqual(['Partner.ORG'])
    expect(await names('status=pending&name=example.com')).toEqual([])
    expect((await names('status=pending&name=example.com&match=any')).sort()).toEqual(['example.com', 'newshop.dev'])
    expect((await call(em.app, 'GET', '/zones?status=gone')).status).toBe(400)
  })

  it('takes name and account.name up to 253 characters, operator included, and refuses longer (openapi-subset GET /zones: maxLength 253)', async () => {
    for (const key of ['name', 'account.name']) {
      expect(await names(`${key}=${'a'.repeat(253)}`)).toEqual([])
      expect(await names(`${key}=contains:${'a'.repeat(244)}`)).toEqual([])
      for (const value of ['a'.repeat(254), `contains:${'a'.repeat(245)}`]) {
        const r = await call(em.app, 'GET', `/zones?${key}=${value}`)
        expect(r.status, `${key}=${value.length} characters`).toBe(400)
        expect(r.body.errors[0].source?.pointer).toBe(`/${key}`)
      }
    }
  })

  it('orders by name, status, account.name in both directions', async () => {
    expect((await zones('order=status&direction=desc')).result[0].status).toBe('pending')
    expect((await zones('order=account.name')).result[0].account.name).toBe(DEMO_ACCOUNT.name)
    expect((await zones('order=account.name&direction=DESC')).result[0].account.name).toBe('Other Org')
    expect((await names('direction=desc'))[0]).toBe('shop-scale.io')
    expect((await call(em.app, 'GET', '/zones?order=size')).status).toBe(400)
  })

  it('pages with per_page clamped into 5–50; past the end is an empty page', async () => {
    const p2 = await zones('per_page=5&page=2')
    expect(p2.result_info).toEqual({ page: 2, per_page: 5, count: 1, total_count: 6, total_pages: 2 })
    const past = await zones('per_page=5&page=3')
    expect(past.result).toEqual([])
    expect(past.result_info).toMatchObject({ page: 3, count: 0, total_count: 6 })
    // certbot's and python-cloudflare's lookup: GET /zones?name=example.com&per_page=1 (api-notes §13.8).
    const one = await zones('name=example.com&per_page=1')
    expect(one.result.map((z: { name: string }) => z.name)).toEqual(['example.com'])
    expect(one.result_info).toMatchObject({ page: 1, per_page: 5, count: 1, total_count: 1 })
    expect((await zones('per_page=100')).result_info!.per_page).toBe(50)
    expect((await zones('page=0')).result_info!.page).toBe(1)
    expect((await call(em.app, 'GET', '/zones?per_page=one')).status).toBe(400)
  })
})

describe('GET /zones/:id', () => {
  it('returns the full zone object', async () => {
    const r = await call(em.app, 'GET', `/zones/${SEED_ZONES.demo.id}`)
    expect(r.body.result).toMatchObject({
      id: SEED_ZONES.demo.id,
      name: 'example.com',
      status: 'active',
      paused: false,
      type: 'full',
      account: { id: DEMO_ACCOUNT.id, name: DEMO_ACCOUNT.name },
      plan: { name: 'Pro Website' },
      name_servers: ['ada.ns.cloudflare.com', 'ivan.ns.cloudflare.com'],
      meta: { phishing_detected: false },
    })
    expect(zoneSchema.parse(r.body.result).original_name_servers).toHaveLength(2)
  })

  it('answers 404 for an unknown zone', async () => {
    const r = await call(em.app, 'GET', `/zones/${'0'.repeat(32)}`)
    expect(r.status).toBe(404)
    expect(r.body.success).toBe(false)
  })
})
