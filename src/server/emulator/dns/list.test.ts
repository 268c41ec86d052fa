import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const DEMO = `/zones/${SEED_ZONES.demo.id}/dns_records`
const LARGE = `/zones/${SEED_ZONES.large.id}/dns_records`
const list = async (base: string, query: string) => {
  const r = await call(em.app, 'GET', `${base}?${query}`)
  expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
  return r.body
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records as the API returns them
type Rec = any
const all = async (query: string): Promise<Rec[]> => (await list(DEMO, `per_page=5000&${query}`)).result

beforeAll(() => {
  // With the scale-test zones: the large zone is paged and filtered below.
  em = createModuleEmulator([dnsModule], undefined, { scale: true })
  // Known records for the filters below (the demo seed has the rest).
  const add = (body: object) => call(em.app, 'POST', DEMO, body)
  return Promise.all([
    add({
      type: 'A',
      name: 'Filter-Test',
      content: '192.0.2.200',
      comment: 'Billing API_v2',
      tags: ['team:Payments', 'tier:gold'],
    }),
    add({ type: 'TXT', name: 'under_score', content: '100%_sure' }),
  ]).then(() => undefined)
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

describe('paging', () => {
  it('defaults to 100 per page with accurate result_info', async () => {
    const b = await list(LARGE, '')
    expect(b.result).toHaveLength(100)
    expect(b.result_info).toEqual({ page: 1, per_page: 100, count: 100, total_count: 10000, total_pages: 100 })
  })

  it('walks pages without overlap; past the end is 200 with an empty result', async () => {
    const p1 = await list(LARGE, 'per_page=7&page=1')
    const p2 = await list(LARGE, 'per_page=7&page=2')
    expect(new Set([...p1.result, ...p2.result].map((r: Rec) => r.id)).size).toBe(14)
    const last = await list(LARGE, 'per_page=3000&page=4')
    expect(last.result_info).toEqual({ page: 4, per_page: 3000, count: 1000, total_count: 10000, total_pages: 4 })
    const past = await list(LARGE, 'per_page=3000&page=5')
    expect(past.result).toEqual([])
    expect(past.result_info).toEqual({ page: 5, per_page: 3000, count: 0, total_count: 10000, total_pages: 4 })
  })

  it('clamps out-of-range paging and refuses values that are not numbers', async () => {
    for (const q of ['page=x', 'per_page=many']) expect((await call(em.app, 'GET', `${LARGE}?${q}`)).status, q).toBe(400)
    expect((await list(LARGE, 'page=0')).result_info!.page).toBe(1)
    expect((await list(LARGE, 'per_page=0')).result_info).toMatchObject({ per_page: 1, count: 1 })
  })
})

describe('filters', () => {
  it('type: exact, repeated keys and comma lists (any of them)', async () => {
    const mx = await all('type=MX')
    expect(mx.length).toBe(3)
    expect(mx.every((r) => r.type === 'MX')).toBe(true)
    const both = await all('type=A&type=AAAA')
    const comma = await all('type=A,AAAA')
    expect(both.map((r) => r.id)).toEqual(comma.map((r) => r.id))
    expect(new Set(both.map((r) => r.type))).toEqual(new Set(['A', 'AAAA']))
    expect((await call(em.app, 'GET', `${DEMO}?type=BOGUS`)).status).toBe(400)
  })

  it('name: exact (case-insensitive, @ and trailing dot) and contains/startswith/endswith', async () => {
    expect((await all('name=FILTER-test.example.com')).map((r) => r.name)).toEqual(['filter-test.example.com'])
    expect((await all('name.exact=filter-test.example.com.')).length).toBe(1)
    expect((await all('name=@')).every((r) => r.name === 'example.com')).toBe(true)
    expect((await all('name.contains=ILTER-TE')).map((r) => r.name)).toEqual(['filter-test.example.com'])
    expect((await all('name.startswith=filter-')).length).toBe(1)
    expect((await all('name.endswith=._domainkey.example.com')).length).toBe(2)
    // `_` is matched literally, not as a wildcard
    expect((await all('name.contains=r_s')).map((r) => r.name)).toEqual(['under_score.example.com'])
  })

  it('content: exact and operators; % is literal', async () => {
    expect((await all('content=192.0.2.200')).length).toBe(1)
    expect((await all('content.startswith=2001:db8:10::')).every((r) => r.type === 'AAAA')).toBe(true)
    expect((await all('content.endswith=.mail-provider.net')).length).toBe(2)
    expect((await all('content.contains=V=DMARC1')).length).toBe(1)
    expect((await all('content.contains=0%25_')).map((r) => r.name)).toEqual(['under_score.example.com'])
  })

  it('content matches a TXT record with or without its quotes, for every operator', async () => {
    const names = async (q: string) => (await all(`type=TXT&${q}`)).map((r) => r.name)
    const want = ['under_score.example.com']
    expect((await all('type=TXT&name=under_score.example.com'))[0].content).toBe('"100%_sure"')
    for (const v of ['100%25_sure', '%22100%25_sure%22']) {
      expect(await names(`content=${v}`), v).toEqual(want)
      expect(await names(`content.exact=${v}`), v).toEqual(want)
    }
    expect(await names('content.startswith=100%25')).toEqual(want)
    expect(await names('content.startswith=%22100%25')).toEqual(want)
    expect(await names('content.endswith=_sure')).toEqual(want)
    expect(await names('content.endswith=_sure%22')).toEqual(want)
    expect(await names('content.contains=%22100%25_sure%22')).toEqual(want)
    expect(await names('content=100%25_sur')).toEqual([])
    // Only TXT content is quoted: an A record is not found through quotes.
    expect(await all('content=%22192.0.2.200%22')).toEqual([])
  })

  it('proxied', async () => {
    const p = await all('proxied=true')
    expect(p.length).toBeGreaterThan(5)
    expect(p.every((r) => r.proxied)).toBe(true)
    expect((await all('proxied=false')).every((r) => !r.proxied)).toBe(true)
    expect((await call(em.app, 'GET', `${DEMO}?proxied=maybe`)).status).toBe(400)
  })

  it('comment: exact, present, absent, contains/startswith/endswith (case-insensitive)', async () => {
    expect((await all('comment=billing api_v2')).length).toBe(1)
    expect((await all('comment.exact=Billing API_v2')).length).toBe(1)
    const present = await all('comment.present')
    expect(present.length).toBeGreaterThan(5)
    expect(present.every((r) => r.comment)).toBe(true)
    expect((await all('comment.absent')).every((r) => r.comment === null)).toBe(true)
    expect((await all('comment.contains=API_V')).length).toBe(1)
    expect((await all('comment.startswith=dmarc')).length).toBe(1)
    expect((await all('comment.endswith=web-02)')).length).toBe(1)
  })

  it('tags: name, name:value, present/absent and value operators, with tag_match', async () => {
    expect((await all('tag=team')).map((r) => r.name)).toEqual(['filter-test.example.com'])
    expect((await all('tag=team:payments')).length).toBe(1)
    expect((await all('tag=team:other')).length).toBe(0)
    expect((await all('tag.present=owner')).every((r) => r.tags.some((t: string) => t.startsWith('owner:')))).toBe(true)
    expect((await all('tag.absent=owner')).some((r) => r.tags.some((t: string) => t.startsWith('owner:')))).toBe(false)
    expect((await all('tag.exact=env:production')).length).toBeGreaterThan(3)
    expect((await all('tag.contains=team:AYM')).length).toBe(1)
    expect((await all('tag.startswith=owner:web')).length).toBe(2)
    expect((await all('tag.endswith=owner:ops')).length).toBe(2)
    expect((await all('tag=team:payments&tag=tier:silver')).length).toBe(0)
    expect((await all('tag=team:payments&tag=tier:silver&tag_match=any')).length).toBe(1)
    expect((await call(em.app, 'GET', `${DEMO}?tag.contains=novalue`)).status).toBe(400)
  })

  it('match=all narrows, match=any widens', async () => {
    const a = await all('type=MX&name=example.com')
    expect(a.length).toBe(3)
    const any = await all('type=MX&name=filter-test.example.com&match=any')
    expect(any.length).toBe(4)
    expect((await all('type=MX&proxied=true')).length).toBe(0)
  })

  it('search looks across name, content, comment and tags', async () => {
    expect((await all('search=payments')).map((r) => r.name)).toEqual(['filter-test.example.com'])
    expect((await all('search=billing')).length).toBe(1)
    expect((await all('search=filter-test')).length).toBe(1)
    expect((await all('search=DMARC1&type=MX')).length).toBe(0)
    expect((await all('search=caa')).every((r) => r.type === 'CAA')).toBe(true)
  })

  it('search follows edits (comment and tags)', async () => {
    const [rec] = await all('name=under_score.example.com')
    expect((await all('search=zebra-note')).length).toBe(0)
    await call(em.app, 'PATCH', `${DEMO}/${rec.id}`, { comment: 'Zebra-note here', tags: ['kind:striped'] })
    expect((await all('search=zebra-note')).map((r) => r.id)).toEqual([rec.id])
    expect((await all('search=striped')).map((r) => r.id)).toEqual([rec.id])
  })
})

describe('order', () => {
  const sorted = (values: (string | number)[], desc = false) => {
    const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    return desc ? s.reverse() : s
  }
  it('defaults to type, then name', async () => {
    const r = await all('')
    expect(r.map((x) => x.type)).toEqual(sorted(r.map((x) => x.type)))
  })
  it.each(['type', 'name', 'content', 'ttl', 'proxied'])('orders by %s in both directions', async (field) => {
    const value = (x: Rec) => (field === 'proxied' ? Number(x.proxied) : x[field])
    const asc = (await list(LARGE, `order=${field}&per_page=300`)).result.map(value)
    expect(asc).toEqual(sorted(asc))
    const desc = (await list(LARGE, `order=${field}&direction=DESC&per_page=300`)).result.map(value)
    expect(desc).toEqual(sorted(desc, true))
  })
  it('refuses unknown order fields and directions', async () => {
    expect((await call(em.app, 'GET', `${DEMO}?order=zone`)).status).toBe(400)
    expect((await call(em.app, 'GET', `${DEMO}?direction=up`)).status).toBe(400)
  })
})

describe('large zone with filters', () => {
  it('counts a filtered subset exactly', async () => {
    const b = await list(LARGE, 'type=CNAME&proxied=true&per_page=5')
    const n = (
      em.db
        .prepare("SELECT COUNT(*) AS n FROM dns_records WHERE zone_id = ? AND type = 'CNAME' AND proxied = 1")
        .get(SEED_ZONES.large.id) as { n: number }
    ).n
    expect(n).toBeGreaterThan(100)
    expect(b.result_info).toEqual({ page: 1, per_page: 5, count: 5, total_count: n, total_pages: Math.ceil(n / 5) })
  })
})
