import { describe, expect, it } from 'vitest'
import type { NotificationPolicy } from '@/shared/schemas/alerting'
import type { Pool } from '@/shared/schemas/load-balancing'
import { buildPlan, coverageFrom, findAdoptablePolicy, migrationProgress, missingOnPage, newMigrationState, policyInputFor } from './plan'

const pool = (id: string, name: string, email: string): Pool => ({ id, name, notification_email: email })
const options = { new_health: ['Unhealthy' as const], event_source: ['pool' as const, 'origin' as const] }
const policy = (over: Partial<NotificationPolicy>): NotificationPolicy => ({
  id: 'p1',
  name: 'x',
  alert_type: 'load_balancing_health_alert',
  enabled: true,
  mechanisms: { email: [{ id: 'a@x.example' }] },
  filters: { pool_id: ['1', '2'], new_health: ['Unhealthy'], event_source: ['pool', 'origin'] },
  ...over,
})

describe('buildPlan', () => {
  it('makes one group per address (case-insensitive), pools by name, a pool with two addresses in both', () => {
    const groups = buildPlan([pool('2', 'b', 'A@x.example'), pool('1', 'a', 'a@x.example, b@x.example'), pool('3', 'c', '')])
    expect(groups).toEqual([
      { address: 'a@x.example', pools: [{ id: '1', name: 'a' }, { id: '2', name: 'b' }] },
      { address: 'b@x.example', pools: [{ id: '1', name: 'a' }] },
    ])
  })
})

describe('policyInputFor', () => {
  it('sends to the address, for its pools, with the chosen health states and sources', () => {
    const input = policyInputFor({ address: 'a@x.example', pools: [{ id: '1', name: 'a' }] }, options)
    expect(input).toMatchObject({
      alert_type: 'load_balancing_health_alert',
      enabled: true,
      mechanisms: { email: [{ id: 'a@x.example' }] },
      filters: { pool_id: ['1'], new_health: ['Unhealthy'], event_source: ['pool', 'origin'] },
    })
  })
})

describe('coverageFrom / missingOnPage', () => {
  it('counts only enabled health alerts', () => {
    const cover = coverageFrom([
      policy({}),
      policy({ id: 'p2', enabled: false, mechanisms: { email: [{ id: 'b@x.example' }] } }),
      policy({ id: 'p3', alert_type: 'load_balancing_pool_enablement_alert', mechanisms: { email: [{ id: 'c@x.example' }] } }),
    ])
    expect([...cover.keys()]).toEqual(['a@x.example'])
    const page = [pool('1', 'a', 'a@x.example'), pool('2', 'b', 'a@x.example,b@x.example'), pool('9', 'z', 'A@x.example'), pool('4', 'd', '')]
    expect(missingOnPage(page, cover)).toEqual([
      { poolId: '2', poolName: 'b', address: 'b@x.example' },
      { poolId: '9', poolName: 'z', address: 'a@x.example' },
    ])
  })
})

describe('findAdoptablePolicy', () => {
  const group = { address: 'a@x.example', pools: [{ id: '1', name: 'a' }] }
  it('adopts an enabled policy for the same address covering every pool with the same choices', () => {
    expect(findAdoptablePolicy(group, options, [policy({})])).toBe('p1')
  })
  it.each([
    ['other choices', policy({ filters: { pool_id: ['1'], new_health: ['Healthy'], event_source: ['pool', 'origin'] } })],
    ['a missing pool', policy({ filters: { pool_id: ['2'], new_health: ['Unhealthy'], event_source: ['pool', 'origin'] } })],
    ['another address', policy({ mechanisms: { email: [{ id: 'b@x.example' }] } })],
    ['a disabled policy', policy({ enabled: false })],
  ])('does not adopt %s', (_l, p) => expect(findAdoptablePolicy(group, options, [p])).toBeUndefined())
})

describe('migrationProgress', () => {
  it('counts one unit per policy and per page', () => {
    const s = newMigrationState({ accountId: 'a', pools: [pool('1', 'a', 'a@x.example')], options, pageSize: 25, now: new Date(0) })
    expect(migrationProgress(s)).toEqual({ done: 0, total: 2, policies: 0, pages: 0 })
    expect(migrationProgress({ ...s, groups: [{ ...s.groups[0], policyId: 'p' }], clearedPages: [1] }).done).toBe(2)
  })
})
