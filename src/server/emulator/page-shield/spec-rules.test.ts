import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { pageShieldModule } from './index'

/**
 * Specification, page security on the seeded demo zone: identifiers are hexadecimal; page_urls and
 * versions are only in the single-script response; lists show only active items without a status
 * filter; a status filter takes infrequent.
 */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([pageShieldModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const base = `/zones/${SEED_ZONES.demo.id}/page_shield`
const get = async (path: string) => {
  const r = await call(em.app, 'GET', `${base}${path}`)
  expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
  return r.body
}
const HEX = /^[0-9a-f]+$/

describe('identifiers', () => {
  it.each(['scripts', 'connections', 'cookies', 'policies'])('%s ids are hexadecimal, in the list and on the item', async (kind) => {
    const list = (await get(`/${kind}?per_page=100`)).result as { id: string }[]
    expect(list.length).toBeGreaterThan(0)
    for (const item of list) expect(item.id).toMatch(HEX)
    expect((await get(`/${kind}/${list[0].id}`)).result.id).toBe(list[0].id)
  })
})

describe('detected scripts', () => {
  it('page_urls and versions only in the single-script response', async () => {
    const list = (await get('/scripts?per_page=100')).result as Record<string, unknown>[]
    for (const s of list) {
      expect(s).not.toHaveProperty('versions')
      expect(s).not.toHaveProperty('page_urls')
    }
    const one = (await get(`/scripts/${String(list[0].id)}`)).result
    expect(Array.isArray(one.page_urls)).toBe(true)
    expect(Array.isArray(one.versions)).toBe(true)
  })

  it('without a status filter only active scripts; status=infrequent gives infrequent ones only', async () => {
    const active = await get('/scripts?per_page=100')
    expect(active.result.length).toBeGreaterThan(0)
    for (const s of active.result) expect(s.status).toBe('active')
    const infrequent = await get('/scripts?status=infrequent&per_page=100')
    expect(infrequent.result.length).toBeGreaterThan(0)
    for (const s of infrequent.result) expect(s.status).toBe('infrequent')
    const all = (await get('/scripts?status=active,infrequent,inactive&per_page=1')).result_info!.total_count
    expect(all).toBeGreaterThan(active.result_info!.total_count)
  })

  it('connections: without a status filter only active ones, though others exist', async () => {
    const active = await get('/connections?per_page=100')
    for (const s of active.result) expect(s.status).toBe('active')
    const all = (await get('/connections?status=active,infrequent,inactive&per_page=1')).result_info!.total_count
    expect(all).toBeGreaterThan(active.result_info!.total_count)
  })
})
