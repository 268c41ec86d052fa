import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const DEMO = `/zones/${SEED_ZONES.demo.id}/dns_records` // Pro plan
const FREE = `/zones/${SEED_ZONES.pending.id}/dns_records` // Free plan
const batch = (base: string, body: unknown) => call(em.app, 'POST', `${base}/batch`, body)
const create = async (base: string, body: object) => (await call(em.app, 'POST', base, body)).body.result as { id: string; name: string }
const get = async (base: string, id: string) => call(em.app, 'GET', `${base}/${id}`)
const count = () => (em.db.prepare('SELECT COUNT(*) AS n FROM dns_records').get() as { n: number }).n

beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

describe('POST dns_records/batch', () => {
  it('applies deletes, patches, puts and posts in that order and answers each list', async () => {
    const gone = await create(DEMO, { type: 'A', name: 'batch-gone', content: '192.0.2.1' })
    const patched = await create(DEMO, { type: 'A', name: 'batch-patch', content: '192.0.2.2', comment: 'keep me' })
    const put = await create(DEMO, { type: 'A', name: 'batch-put', content: '192.0.2.3', comment: 'dropped by put' })
    // The post reuses the deleted record's name as a CNAME: it works only because deletes run first.
    const r = await batch(DEMO, {
      posts: [{ type: 'CNAME', name: 'batch-gone', content: 'target.example.net' }],
      puts: [{ id: put.id, type: 'A', name: 'batch-put', content: '192.0.2.33' }],
      patches: [{ id: patched.id, proxied: true }],
      deletes: [{ id: gone.id }],
    })
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    const { deletes, patches, puts, posts } = r.body.result
    expect(deletes.map((d: { id: string; name: string }) => [d.id, d.name])).toEqual([[gone.id, 'batch-gone.example.com']])
    expect(patches[0]).toMatchObject({ id: patched.id, proxied: true, comment: 'keep me', content: '192.0.2.2' })
    expect(puts[0]).toMatchObject({ id: put.id, content: '192.0.2.33', comment: null, proxied: false })
    expect(posts[0]).toMatchObject({ type: 'CNAME', name: 'batch-gone.example.com' })
    expect((await get(DEMO, gone.id)).status).toBe(404)
  })

  it('is all or nothing: one bad item and no change is kept; the error points at the item', async () => {
    const victim = await create(DEMO, { type: 'A', name: 'batch-victim', content: '192.0.2.9' })
    const before = count()
    const r = await batch(DEMO, {
      deletes: [{ id: victim.id }],
      posts: [
        { type: 'A', name: 'batch-ok', content: '192.0.2.10' },
        { type: 'A', name: 'batch-bad', content: 'not-an-ip' },
      ],
    })
    expect(r.status).toBe(400)
    expect(r.body.success).toBe(false)
    expect(r.body.errors[0].source?.pointer).toBe('/posts/1/content')
    expect(count()).toBe(before)
    expect((await get(DEMO, victim.id)).status).toBe(200)
  })

  it('rolls back when a rule against the zone fails midway (a CNAME beside an existing A)', async () => {
    const victim = await create(DEMO, { type: 'A', name: 'batch-victim2', content: '192.0.2.11' })
    await create(DEMO, { type: 'A', name: 'batch-taken', content: '192.0.2.12' })
    const before = count()
    const r = await batch(DEMO, {
      deletes: [{ id: victim.id }],
      posts: [{ type: 'CNAME', name: 'batch-taken', content: 'x.example.net' }],
    })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].source?.pointer).toMatch(/^\/posts\/0/)
    expect(count()).toBe(before)
  })

  it('answers an unknown record id with a pointer at the item', async () => {
    const r = await batch(DEMO, { patches: [{ id: 'f'.repeat(32), ttl: 300 }] })
    expect(r.status).toBe(404)
    expect(r.body.errors[0].source?.pointer).toBe('/patches/0/id')
  })

  it('refuses items without an id where one is needed, and type changes', async () => {
    const a = await create(DEMO, { type: 'A', name: 'batch-type', content: '192.0.2.13' })
    const noId = await batch(DEMO, { deletes: [{ name: 'x' }], puts: [{ type: 'A', name: 'y', content: '192.0.2.1' }] })
    expect(noId.status).toBe(400)
    expect(noId.body.errors.map((e) => e.source?.pointer)).toEqual(['/deletes/0/id', '/puts/0/id'])
    const typeChange = await batch(DEMO, { patches: [{ id: a.id, type: 'AAAA', content: '2001:db8::1' }] })
    expect(typeChange.status).toBe(400)
    expect(typeChange.body.errors[0].source?.pointer).toBe('/patches/0/type')
  })

  it('holds to the per-request limit of the zone plan: 200 records on Free', async () => {
    const posts = Array.from({ length: 201 }, (_, i) => ({ type: 'A', name: `bulk-${i}`, content: '192.0.2.20' }))
    const before = count()
    const r = await batch(FREE, { posts })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].message).toMatch(/at most 200 records/)
    expect(count()).toBe(before)
    expect((await batch(FREE, { posts: posts.slice(0, 200) })).status).toBe(200)
    expect(count()).toBe(before + 200)
  })

  it('accepts an empty batch', async () => {
    const r = await batch(DEMO, {})
    expect(r.status).toBe(200)
    expect(r.body.result).toEqual({ deletes: [], patches: [], puts: [], posts: [] })
  })
})
