import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT } from '../seed-ids'
import { stableId } from '../ids'
import { loadBalancingModule } from './index'
import type { NotificationPolicy } from '../../../shared/schemas/alerting'

const base = `/accounts/${DEMO_ACCOUNT.id}/alerting/v3/policies`
const pool0 = stableId('pool:0')
const pool1 = stableId('pool:1')
const valid = {
  name: 'Pool health: noc@acme.example',
  alert_type: 'load_balancing_health_alert',
  enabled: true,
  mechanisms: { email: [{ id: 'noc@acme.example' }] },
  filters: { pool_id: [pool0, pool1], new_health: ['Unhealthy', 'Healthy'], event_source: ['pool', 'origin'] },
}
let emu: ModuleEmulator

beforeEach(() => {
  emu = createModuleEmulator([loadBalancingModule])
})
afterEach(() => emu.close())

const post = (body: unknown) => call(emu.app, 'POST', base, body)

describe('notification policies', () => {
  it('lists the seeded policy', async () => {
    const { body } = await call(emu.app, 'GET', base)
    expect(body.result).toHaveLength(1)
    expect(body.result[0].alert_type).toBe('load_balancing_pool_enablement_alert')
  })

  it('creates a health alert (result {id}: 32 hexadecimal characters, as the service), then lists, gets and deletes it', async () => {
    const created = await post(valid)
    expect(created.status).toBe(200)
    const id = created.body.result.id as string
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(Object.keys(created.body.result)).toEqual(['id'])
    const list = await call(emu.app, 'GET', base)
    expect(list.body.result.map((p: NotificationPolicy) => p.id)).toContain(id)
    const one = await call(emu.app, 'GET', `${base}/${id}`)
    expect(one.body.result).toMatchObject({ ...valid, id, created: expect.any(String), modified: expect.any(String) })
    expect((await call(emu.app, 'DELETE', `${base}/${id}`)).status).toBe(200)
    expect((await call(emu.app, 'GET', `${base}/${id}`)).status).toBe(404)
    expect((await call(emu.app, 'DELETE', `${base}/${id}`)).status).toBe(404)
  })

  it('accepts the service\'s other alert types, and webhook / PagerDuty destinations by their 32-hex ids', async () => {
    const ssl = await post({
      name: 'Certificates',
      alert_type: 'universal_ssl_event_type',
      enabled: true,
      mechanisms: { webhooks: [{ id: 'b'.repeat(32) }], pagerduty: [{ id: 'c'.repeat(32) }] },
      filters: { zones: ['023e105f4ecef8ad9ca31a8372d0c353'] },
    })
    expect(ssl.status, JSON.stringify(ssl.body.errors)).toBe(200)
    const one = await call(emu.app, 'GET', `${base}/${ssl.body.result.id}`)
    expect(one.body.result).toMatchObject({ alert_type: 'universal_ssl_event_type', filters: { zones: ['023e105f4ecef8ad9ca31a8372d0c353'] } })
  })

  it.each([
    ['no name', { ...valid, name: undefined }, '/name'],
    ['an unknown alert type', { ...valid, alert_type: 'weather_alert' }, '/alert_type'],
    ['enabled missing', { ...valid, enabled: undefined }, '/enabled'],
    ['no mechanism', { ...valid, mechanisms: {} }, '/mechanisms'],
    ['a bad address', { ...valid, mechanisms: { email: [{ id: 'not-an-address' }] } }, '/mechanisms/email/0/id'],
    ['no pool', { ...valid, filters: { ...valid.filters, pool_id: [] } }, '/filters/pool_id'],
    ['a bad pool id', { ...valid, filters: { ...valid.filters, pool_id: ['pool-1'] } }, '/filters/pool_id/0'],
    ['an unknown health', { ...valid, filters: { ...valid.filters, new_health: ['Degraded'] } }, '/filters/new_health/0'],
    ['lower-case health', { ...valid, filters: { ...valid.filters, new_health: ['healthy'] } }, '/filters/new_health/0'],
    ['no health', { ...valid, filters: { ...valid.filters, new_health: [] } }, '/filters/new_health'],
    ['an unknown event source', { ...valid, filters: { ...valid.filters, event_source: ['monitor'] } }, '/filters/event_source/0'],
    ['no event source', { ...valid, filters: { ...valid.filters, event_source: [] } }, '/filters/event_source'],
    ['repeated health', { ...valid, filters: { ...valid.filters, new_health: ['Healthy', 'Healthy'] } }, '/filters/new_health'],
    ['no filters', { ...valid, filters: undefined }, '/filters/pool_id'],
  ])('refuses %s with a 400 pointing at the field', async (_label, body, pointer) => {
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e) => e.source?.pointer)).toContain(pointer)
    expect((await call(emu.app, 'GET', base)).body.result).toHaveLength(1)
  })

  it('refuses a pool that is not in the account', async () => {
    const ghost = 'b'.repeat(32)
    const res = await post({ ...valid, filters: { ...valid.filters, pool_id: [pool0, ghost] } })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([expect.objectContaining({ source: { pointer: '/filters/pool_id/1' } })])
    expect(res.body.errors[0].message).toContain(ghost)
  })

  it('404s an unknown account', async () => {
    expect((await call(emu.app, 'POST', `/accounts/${'e'.repeat(32)}/alerting/v3/policies`, valid)).status).toBe(404)
  })
})
