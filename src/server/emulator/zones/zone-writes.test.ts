import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { dnsModule } from '../dns'
import { DEMO_ACCOUNT, SEED_ZONES } from '../seed-ids'

let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

describe('zone writes', () => {
  it('creates a pending zone on the Free plan with two name servers, edits it, deletes it with its records', async () => {
    const created = await call(em.app, 'POST', '/zones', { name: 'New-Site.example', account: { id: DEMO_ACCOUNT.id } })
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    const zone = created.body.result
    expect(zone).toMatchObject({ name: 'new-site.example', status: 'pending', type: 'full', paused: false, plan: { legacy_id: 'free' } })
    expect(zone.id).toMatch(/^[0-9a-f]{32}$/)
    expect(zone.name_servers).toHaveLength(2)
    expect((await call(em.app, 'GET', `/zones?name=new-site.example`)).body.result.map((z: { id: string }) => z.id)).toEqual([zone.id])

    const paused = await call(em.app, 'PATCH', `/zones/${zone.id}`, { paused: true })
    expect(paused.body.result.paused).toBe(true)
    expect((await call(em.app, 'PATCH', `/zones/${zone.id}`, { paused: false, type: 'partial' })).status).toBe(400)

    await call(em.app, 'POST', `/zones/${zone.id}/dns_records`, { type: 'A', name: 'www', content: '192.0.2.1' })
    expect((await call(em.app, 'DELETE', `/zones/${zone.id}`)).body.result).toEqual({ id: zone.id })
    expect((await call(em.app, 'GET', `/zones/${zone.id}`)).status).toBe(404)
    expect((em.db.prepare('SELECT COUNT(*) AS n FROM dns_records WHERE zone_id = ?').get(zone.id) as { n: number }).n).toBe(0)
  })

  it('refuses a duplicate, a bad name and an unknown account', async () => {
    const dup = await call(em.app, 'POST', '/zones', { name: SEED_ZONES.demo.name, account: { id: DEMO_ACCOUNT.id } })
    expect(dup.status).toBe(400)
    expect(dup.body.errors[0]).toMatchObject({ code: 1061, message: 'example.com already exists' })
    expect((await call(em.app, 'POST', '/zones', { name: 'not a domain', account: { id: DEMO_ACCOUNT.id } })).status).toBe(400)
    expect((await call(em.app, 'POST', '/zones', { name: 'x.example', account: { id: 'f'.repeat(32) } })).status).toBe(404)
  })
})
