import { describe, expect, it } from 'vitest'
import { createMatcher } from './index'
import { firewallEndpoints } from '../../shared/endpoints/firewall'
import { loadBalancingEndpoints } from '../../shared/endpoints/load-balancing'
import { alertingEndpoints } from '../../shared/endpoints/alerting'
import { invitesEndpoints } from '../../shared/endpoints/invites'

const match = createMatcher([...firewallEndpoints, ...loadBalancingEndpoints, ...alertingEndpoints, ...invitesEndpoints])
const hex = 'a'.repeat(32)
const uuid = '2f3a4c5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b'

describe('allowlist of firewall, load-balancing and invites endpoints', () => {
  it.each([
    ['GET', `/zones/${hex}/firewall/rules`],
    ['GET', `/zones/${hex}/firewall/rules/${hex}`],
    ['DELETE', `/zones/${hex}/firewall/rules/${hex}`],
    ['DELETE', `/zones/${hex}/firewall/rules`],
    ['GET', `/accounts/${hex}/load_balancers/pools`],
    ['PATCH', `/accounts/${hex}/load_balancers/pools`],
    ['GET', `/accounts/${hex}/alerting/v3/policies`],
    ['POST', `/accounts/${hex}/alerting/v3/policies`],
    ['GET', `/accounts/${hex}/alerting/v3/policies/${uuid}`],
    ['DELETE', `/accounts/${hex}/alerting/v3/policies/${uuid}`],
    ['GET', '/user/invites'],
    ['PATCH', `/user/invites/${hex}`],
  ])('forwards %s %s', (method, path) => {
    expect(match(method, path)).toBeDefined()
  })

  it.each([
    ['POST', `/zones/${hex}/firewall/rules`],
    ['PUT', `/zones/${hex}/firewall/rules/${hex}`],
    ['PATCH', `/accounts/${hex}/load_balancers/pools/${hex}`],
    ['DELETE', `/accounts/${hex}/load_balancers/pools/${hex}`],
    ['PUT', `/accounts/${hex}/alerting/v3/policies/${uuid}`],
    ['DELETE', `/user/invites/${hex}`],
  ])('does not forward %s %s (the dashboard does not use it)', (method, path) => {
    expect(match(method, path)).toBeUndefined()
  })

  it('validates the bodies of writes with the shared schemas', () => {
    const patch = match('PATCH', `/accounts/${hex}/load_balancers/pools`)!
    expect(patch.body!.safeParse({ notification_email: '' }).success).toBe(true)
    expect(patch.body!.safeParse({ notification_email: 'x@y.example' }).success).toBe(false)
    const policy = match('POST', `/accounts/${hex}/alerting/v3/policies`)!
    expect(policy.body!.safeParse({ name: 'x', alert_type: 'load_balancing_health_alert', enabled: true, mechanisms: {} }).success).toBe(false)
    const invite = match('PATCH', `/user/invites/${hex}`)!
    expect(invite.body!.safeParse({ status: 'accepted' }).success).toBe(true)
    expect(invite.body!.safeParse({ status: 'pending' }).success).toBe(false)
    const delOne = match('DELETE', `/zones/${hex}/firewall/rules/${hex}`)!
    expect(delOne.body!.safeParse({}).success).toBe(true)
    expect(delOne.body!.safeParse({ delete_filter_if_unused: 'no' }).success).toBe(false)
  })
})
