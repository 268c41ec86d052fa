import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from './index'

/** Comment length and tags by the zone's plan (the service's documented record attribute limits). */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

const FREE = SEED_ZONES.pending.id // Free plan
const PAID = SEED_ZONES.demo.id // Pro plan
const post = (zone: string, body: object) => call(em.app, 'POST', `/zones/${zone}/dns_records`, { type: 'A', content: '192.0.2.7', ...body })

describe('record attributes by plan', () => {
  it('Free: a 100-character comment is kept, 101 is refused at /comment', async () => {
    expect((await post(FREE, { name: 'c100', comment: 'c'.repeat(100) })).status).toBe(200)
    const r = await post(FREE, { name: 'c101', comment: 'c'.repeat(101) })
    expect(r.status).toBe(400)
    expect(r.body.errors[0]).toMatchObject({ code: 1004, source: { pointer: '/comment' } })
    expect(r.body.errors[0].message).toMatch(/at most 100 characters; this one has 101/)
  })

  it('Free: tags are refused at /tags, and nothing is stored', async () => {
    const r = await post(FREE, { name: 'tagged', tags: ['env:prod'] })
    expect(r.status).toBe(400)
    expect(r.body.errors[0]).toMatchObject({ source: { pointer: '/tags' } })
    expect(r.body.errors[0].message).toMatch(/only available on paid plans/)
    const list = await call(em.app, 'GET', `/zones/${FREE}/dns_records?name=tagged.${SEED_ZONES.pending.name}`)
    expect(list.body.result).toEqual([])
  })

  it('Free: a PATCH that adds a tag is refused the same way', async () => {
    const made = await post(FREE, { name: 'patched' })
    const r = await call(em.app, 'PATCH', `/zones/${FREE}/dns_records/${made.body.result.id}`, { tags: ['a:b'] })
    expect(r.status).toBe(400)
    expect(r.body.errors[0]?.source?.pointer).toBe('/tags')
  })

  it('paid: a 500-character comment and 20 tags are kept; 501 characters is refused by the schema', async () => {
    const ok = await post(PAID, { name: 'paid-ok', comment: 'c'.repeat(500), tags: Array.from({ length: 20 }, (_, i) => `t${i}:v`) })
    expect(ok.status, JSON.stringify(ok.body.errors)).toBe(200)
    expect(ok.body.result.tags).toHaveLength(20)
    const long = await post(PAID, { name: 'paid-long', comment: 'c'.repeat(501) })
    expect(long.status).toBe(400)
    expect(long.body.errors[0]?.source?.pointer).toBe('/comment')
  })
})
