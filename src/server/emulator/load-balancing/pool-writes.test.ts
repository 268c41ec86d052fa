import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT } from '../seed-ids'
import { alertingModule } from '../alerting'
import { loadBalancingModule } from '.'

let em: ModuleEmulator
const base = `/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`
const policies = `/accounts/${DEMO_ACCOUNT.id}/alerting/v3/policies`
beforeAll(() => {
  em = createModuleEmulator([loadBalancingModule, alertingModule])
}, 60_000)
afterAll(() => em.close())

describe('pool writes and reads of one pool', () => {
  it('creates, edits, replaces, reads health, references and a preview, then deletes', async () => {
    const created = await call(em.app, 'POST', base, {
      name: 'sdk-pool',
      origins: [{ name: 'a', address: '192.0.2.10' }],
      monitor: 'f1aba936b94213e5b8dca0c0dbf1f9cc',
    })
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    const pool = created.body.result
    expect(pool).toMatchObject({ name: 'sdk-pool', enabled: true, origins: [{ name: 'a', address: '192.0.2.10', enabled: true, weight: 1 }] })
    expect((await call(em.app, 'PATCH', `${base}/${pool.id}`, { enabled: false })).body.result).toMatchObject({ enabled: false, name: 'sdk-pool' })
    const put = await call(em.app, 'PUT', `${base}/${pool.id}`, { name: 'sdk-pool-2', origins: [{ name: 'b', address: 'origin.example.net' }] })
    expect(put.body.result).toMatchObject({ name: 'sdk-pool-2', origins: [{ name: 'b' }] })

    const health = (await call(em.app, 'GET', `${base}/${pool.id}/health`)).body.result
    expect(health.pool_id).toBe(pool.id)
    expect(Object.keys(health.pop_health).length).toBeGreaterThan(0)
    const refs = (await call(em.app, 'GET', `${base}/${pool.id}/references`)).body.result
    expect(refs).toEqual([expect.objectContaining({ resource_type: 'monitor', reference_type: 'referral' })])
    expect((await call(em.app, 'POST', `${base}/${pool.id}/preview`, { type: 'http' })).body.result).toMatchObject({ pool_id: pool.id })

    expect((await call(em.app, 'DELETE', `${base}/${pool.id}`)).body.result).toEqual({ id: pool.id })
    expect((await call(em.app, 'GET', `${base}/${pool.id}`)).status).toBe(404)
  })

  it('refuses a pool without origins or with a taken name', async () => {
    expect((await call(em.app, 'POST', base, { name: 'empty', origins: [] })).body.errors[0].source?.pointer).toBe('/origins')
    await call(em.app, 'POST', base, { name: 'twice', origins: [{ name: 'a', address: '192.0.2.1' }] })
    expect((await call(em.app, 'POST', base, { name: 'twice', origins: [{ name: 'a', address: '192.0.2.1' }] })).status).toBe(400)
  })

  it('updates a notification policy with PUT', async () => {
    const pools = (await call(em.app, 'GET', base)).body.result as { id: string }[]
    const body = {
      name: 'Health',
      alert_type: 'load_balancing_health_alert',
      enabled: true,
      mechanisms: { email: [{ id: 'noc@acme.example' }] },
      filters: { pool_id: [pools[0].id], new_health: ['Unhealthy'], event_source: ['pool'] },
    }
    const { id } = (await call(em.app, 'POST', policies, body)).body.result
    const put = await call(em.app, 'PUT', `${policies}/${id}`, { ...body, name: 'Health (renamed)', enabled: false })
    expect(put.body.result).toEqual({ id })
    expect((await call(em.app, 'GET', `${policies}/${id}`)).body.result).toMatchObject({ name: 'Health (renamed)', enabled: false })
    expect((await call(em.app, 'PUT', `${policies}/${'a'.repeat(32)}`, body)).status).toBe(404)
  })

  it('a PUT with only some fields (or none, as the SDK may send) keeps the others; the result must still be valid', async () => {
    const pools = (await call(em.app, 'GET', base)).body.result as { id: string }[]
    const body = {
      name: 'Partial',
      alert_type: 'load_balancing_health_alert',
      enabled: true,
      mechanisms: { email: [{ id: 'noc@acme.example' }] },
      filters: { pool_id: [pools[0].id], new_health: ['Unhealthy'], event_source: ['pool'] },
    }
    const { id } = (await call(em.app, 'POST', policies, body)).body.result
    expect((await call(em.app, 'PUT', `${policies}/${id}`, {})).status).toBe(200)
    expect((await call(em.app, 'PUT', `${policies}/${id}`, { enabled: false })).status).toBe(200)
    expect((await call(em.app, 'GET', `${policies}/${id}`)).body.result).toMatchObject({ ...body, enabled: false })
    const bad = await call(em.app, 'PUT', `${policies}/${id}`, { mechanisms: { email: [{ id: 'not an address' }] } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source?.pointer).toBe('/mechanisms/email/0/id')
  })

  it('accepts minimum_origins 0 (the published schema sets no minimum)', async () => {
    const r = await call(em.app, 'POST', base, { name: 'min-zero', origins: [{ name: 'a', address: '192.0.2.2' }], minimum_origins: 0 })
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    expect(r.body.result.minimum_origins).toBe(0)
  })
})
