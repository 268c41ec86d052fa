import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { certificatesModule } from '.'

let em: ModuleEmulator
const base = `/zones/${SEED_ZONES.demo.id}/ssl/certificate_packs`
const order = { type: 'advanced', hosts: ['example.com', '*.example.com'], validation_method: 'txt', validity_days: 90, certificate_authority: 'lets_encrypt' }
beforeAll(() => {
  em = createModuleEmulator([certificatesModule])
}, 60_000)
afterAll(() => em.close())

describe('certificate pack order, quota and delete', () => {
  it('orders an advanced pack (initializing, TXT validation per host), counts it in the quota, deletes it', async () => {
    const before = (await call(em.app, 'GET', `${base}/quota`)).body.result.advanced.used
    const r = await call(em.app, 'POST', `${base}/order`, order)
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    expect(r.body.result).toMatchObject({ type: 'advanced', status: 'initializing', hosts: order.hosts, validity_days: 90 })
    expect(r.body.result.validation_records.map((v: { txt_name: string }) => v.txt_name)).toEqual([
      '_acme-challenge.example.com',
      '_acme-challenge.example.com',
    ])
    expect((await call(em.app, 'GET', `${base}/quota`)).body.result.advanced.used).toBe(before + 1)
    const id = r.body.result.id
    expect((await call(em.app, 'GET', `${base}/${id}`)).status).toBe(200)
    expect((await call(em.app, 'DELETE', `${base}/${id}`)).body.result).toEqual({ id })
    expect((await call(em.app, 'GET', `${base}/${id}`)).status).toBe(404)
  })

  it('refuses hosts outside the zone, bad fields, and deleting the universal pack', async () => {
    const outside = await call(em.app, 'POST', `${base}/order`, { ...order, hosts: ['example.org'] })
    expect(outside.body.errors[0].source?.pointer).toBe('/hosts/0')
    expect((await call(em.app, 'POST', `${base}/order`, { ...order, validity_days: 7 })).status).toBe(400)
    const packs = (await call(em.app, 'GET', `${base}?status=all&per_page=50`)).body.result as { id: string; type: string }[]
    const universal = packs.find((p) => p.type === 'universal')!
    expect((await call(em.app, 'DELETE', `${base}/${universal.id}`)).status).toBe(400)
  })
})
