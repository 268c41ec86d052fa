import { describe, expect, it } from 'vitest'
import { notificationPolicyInputSchema } from './alerting'

const pool = 'a'.repeat(32)
const health = {
  name: 'Pool health',
  alert_type: 'load_balancing_health_alert',
  enabled: true,
  mechanisms: { email: [{ id: 'noc@acme.example' }] },
  filters: { pool_id: [pool], new_health: ['Unhealthy'], event_source: ['origin'] },
}

describe('notificationPolicyInputSchema', () => {
  it('accepts a health alert with e-mail, webhook or PagerDuty delivery', () => {
    expect(notificationPolicyInputSchema.safeParse(health).success).toBe(true)
    const hook = { ...health, mechanisms: { webhooks: [{ id: '2f3a4c5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b' }] } }
    expect(notificationPolicyInputSchema.safeParse(hook).success).toBe(true)
  })
  it('takes webhook and PagerDuty destinations by their ids (32 hex on the service), refusing a blank one', () => {
    expect(notificationPolicyInputSchema.safeParse({ ...health, mechanisms: { webhooks: [{ id: 'a'.repeat(32) }] } }).success).toBe(true)
    expect(notificationPolicyInputSchema.safeParse({ ...health, mechanisms: { pagerduty: [{ id: ' ' }] } }).success).toBe(false)
  })
  it('accepts the service\'s other alert types with their own filters', () => {
    const ssl = { ...health, alert_type: 'universal_ssl_event_type', filters: { zones: ['z'] } }
    expect(notificationPolicyInputSchema.safeParse(ssl).success).toBe(true)
    expect(notificationPolicyInputSchema.safeParse({ ...ssl, alert_type: 'weather_alert' }).success).toBe(false)
  })
  it('needs pools for a pool-enablement alert but not health states', () => {
    const enablement = { ...health, alert_type: 'load_balancing_pool_enablement_alert', filters: { pool_id: [pool] } }
    expect(notificationPolicyInputSchema.safeParse(enablement).success).toBe(true)
    expect(notificationPolicyInputSchema.safeParse({ ...enablement, filters: {} }).success).toBe(false)
  })
  it('trims the name and refuses a blank one', () => {
    expect(notificationPolicyInputSchema.parse({ ...health, name: '  x ' }).name).toBe('x')
    expect(notificationPolicyInputSchema.safeParse({ ...health, name: '   ' }).success).toBe(false)
  })
})
