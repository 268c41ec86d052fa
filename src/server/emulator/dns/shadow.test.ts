import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const Z = SEED_ZONES.pending.id // newshop.dev
const base = `/zones/${Z}/dns_records`
const ids: Record<string, string> = {}

beforeAll(async () => {
  em = createModuleEmulator([dnsModule])
  for (const [key, body] of Object.entries({
    ns: { type: 'NS', name: 'sub', content: 'ns1.sub.newshop.dev' },
    glue: { type: 'A', name: 'ns1.sub', content: '192.0.2.1' },
    www: { type: 'A', name: 'www.sub', content: '192.0.2.2' },
  })) {
    const r = await call(em.app, 'POST', base, body)
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    ids[key] = r.body.result.id
  }
}, 60_000)
afterAll(() => em.close())

describe('include_shadow_metadata', () => {
  it('adds shadowed_by, is_glue and shadowed_records_count on lists, as the reference example', async () => {
    const r = await call(em.app, 'GET', `${base}?include_shadow_metadata=true&name.contains=sub&order=name`)
    const meta = Object.fromEntries(r.body.result.map((x: { id: string; meta: object }) => [x.id, x.meta]))
    expect(meta[ids.ns]).toMatchObject({ shadowed_records_count: 2 })
    expect(meta[ids.glue]).toMatchObject({ shadowed_by: [ids.ns], is_glue: true })
    expect(meta[ids.www]).toMatchObject({ shadowed_by: [ids.ns] })
    expect(meta[ids.www]).not.toHaveProperty('is_glue')
  })

  it('on the records a write answers: create, edit, replace and a batch (never without the parameter)', async () => {
    const q = '?include_shadow_metadata=true'
    const made = await call(em.app, 'POST', `${base}${q}`, { type: 'A', name: 'api.sub', content: '192.0.2.3' })
    expect(made.status, JSON.stringify(made.body.errors)).toBe(200)
    expect(made.body.result.meta).toMatchObject({ shadowed_by: [ids.ns] })
    const plain = await call(em.app, 'POST', base, { type: 'A', name: 'api2.sub', content: '192.0.2.4' })
    expect(plain.body.result.meta).not.toHaveProperty('shadowed_by')

    expect((await call(em.app, 'PATCH', `${base}/${ids.glue}${q}`, { comment: 'glue' })).body.result.meta).toMatchObject({
      is_glue: true,
    })
    const put = await call(em.app, 'PUT', `${base}/${made.body.result.id}${q}`, {
      type: 'A',
      name: 'api.sub',
      content: '192.0.2.5',
      ttl: 1,
    })
    expect(put.body.result.meta).toMatchObject({ shadowed_by: [ids.ns] })
    const ns = await call(em.app, 'PATCH', `${base}/${ids.ns}${q}`, { comment: 'delegation' })
    expect(ns.body.result.meta.shadowed_records_count).toBeGreaterThanOrEqual(4)

    const batch = await call(em.app, 'POST', `${base}/batch${q}`, {
      deletes: [{ id: plain.body.result.id }],
      posts: [{ type: 'TXT', name: 'note.sub', content: 'hidden by the delegation' }],
    })
    expect(batch.status, JSON.stringify(batch.body.errors)).toBe(200)
    expect(batch.body.result.posts[0].meta).toMatchObject({ shadowed_by: [ids.ns] })
    expect(batch.body.result.deletes[0].meta).not.toHaveProperty('shadowed_by')
  })

  it('on a single record too, and never without the parameter', async () => {
    expect((await call(em.app, 'GET', `${base}/${ids.www}?include_shadow_metadata=true`)).body.result.meta.shadowed_by).toEqual([
      ids.ns,
    ])
    expect((await call(em.app, 'GET', `${base}/${ids.www}`)).body.result.meta).not.toHaveProperty('shadowed_by')
    const list = await call(em.app, 'GET', `${base}?name.contains=sub`)
    expect(list.body.result.every((x: { meta: object }) => !('shadowed_by' in x.meta))).toBe(true)
  })
})
