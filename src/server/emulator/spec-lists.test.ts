import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../testing/module-emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import type { Emulator } from './index'
import { SEED_ZONES } from './seed-ids'

/**
 * Specification "Pagination" + api-notes §13.4, on every page-style list of the sandbox: clients
 * ask for page+1 until `result` is empty (the SDK) or stop when `count < per_page` (octodns), so a
 * page past the end is a 200 with `result: []`, and every page carries an accurate result_info.
 */
let em: Emulator
beforeAll(() => {
  em = memoryEmulator()
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const Z = SEED_ZONES.demo.id
// Label, path, default page size, a small page size the endpoint accepts (zones and packs take 5–50).
const PAGED_LISTS: [label: string, path: string, defaultPerPage: number, smallPerPage: number][] = [
  ['zones', '/zones', 20, 5],
  ['DNS records', `/zones/${Z}/dns_records`, 100, 7],
  ['certificate packs', `/zones/${Z}/ssl/certificate_packs?status=all`, 20, 5],
  ['page-security scripts', `/zones/${Z}/page_shield/scripts`, 20, 7],
  ['page-security connections', `/zones/${Z}/page_shield/connections`, 20, 7],
  ['page-security cookies', `/zones/${Z}/page_shield/cookies`, 20, 7],
  ['firewall rules', `/zones/${Z}/firewall/rules`, 25, 7],
]

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`
const get = async (path: string) => {
  const r = await call(em.app, 'GET', path)
  expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
  expect(r.body.success).toBe(true)
  return r.body
}

describe.each(PAGED_LISTS)('%s', (_label, path, defaultPerPage, perPage) => {
  it('uses its default page size and counts the first page exactly', async () => {
    const b = await get(path)
    const total = b.result_info!.total_count
    expect(b.result_info).toEqual({
      page: 1,
      per_page: defaultPerPage,
      count: Math.min(defaultPerPage, total),
      total_count: total,
      total_pages: Math.ceil(total / defaultPerPage),
    })
    expect(b.result).toHaveLength(b.result_info!.count)
  })

  it('counts the last page exactly and answers 200 with result [] past the end', async () => {
    const total = (await get(withQuery(path, `per_page=${perPage}`))).result_info!.total_count
    expect(total, 'the seed must fill at least one page').toBeGreaterThanOrEqual(perPage)
    const pages = Math.ceil(total / perPage)

    const last = await get(withQuery(path, `per_page=${perPage}&page=${pages}`))
    const lastCount = total - (pages - 1) * perPage
    expect(last.result_info).toEqual({ page: pages, per_page: perPage, count: lastCount, total_count: total, total_pages: pages })
    expect(last.result).toHaveLength(lastCount)

    const past = await get(withQuery(path, `per_page=${perPage}&page=${pages + 1}`))
    expect(past.result).toEqual([])
    expect(past.result_info).toEqual({ page: pages + 1, per_page: perPage, count: 0, total_count: total, total_pages: pages })
  })

  it('walks every page without losing or repeating an item', async () => {
    const perPage = 50
    const first = await get(withQuery(path, `per_page=${perPage}`))
    const seen = new Set<string>()
    for (let page = 1; page <= first.result_info!.total_pages; page++) {
      const b = await get(withQuery(path, `per_page=${perPage}&page=${page}`))
      for (const item of b.result as { id: string }[]) seen.add(String(item.id))
    }
    expect(seen.size).toBe(first.result_info!.total_count)
  })
})

describe('direction', () => {
  it('takes ASC and DESC in upper case, as the specification writes them', async () => {
    const asc = (await get('/zones?order=name&direction=ASC')).result.map((z: { name: string }) => z.name)
    const desc = (await get('/zones?order=name&direction=DESC')).result.map((z: { name: string }) => z.name)
    expect(asc).toEqual([...asc].sort())
    expect(desc).toEqual([...asc].reverse())
    const dnsDesc = (await get(`/zones/${Z}/dns_records?order=name&direction=DESC&per_page=5`)).result
    const dnsDescLower = (await get(`/zones/${Z}/dns_records?order=name&direction=desc&per_page=5`)).result
    expect(dnsDesc).toEqual(dnsDescLower)
  })
})
