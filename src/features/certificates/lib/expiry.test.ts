import { describe, expect, it } from 'vitest'
import { daysLeftText, daysUntil, expiringPacks, packExpiry } from './expiry'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const at = (days: number) => new Date(NOW + days * 86_400_000).toISOString()

describe('certificate expiry', () => {
  it('counts whole days left', () => {
    expect(daysUntil(at(12), NOW)).toBe(12)
    expect(daysUntil(at(-2.5), NOW)).toBe(-3)
  })

  it('takes the earliest expiry of the issued certificates', () => {
    expect(packExpiry({ status: 'active', certificates: [{ expires_on: at(40) }, { expires_on: at(10) }, {}] })).toBe(at(10))
    expect(packExpiry({ status: 'pending_validation', certificates: [{}] })).toBeUndefined()
  })

  it('lists active packs expiring within 30 days, soonest first', () => {
    const a = { id: 'a', status: 'active', certificates: [{ expires_on: at(29) }] }
    const b = { id: 'b', status: 'active', certificates: [{ expires_on: at(31) }] }
    const c = { id: 'c', status: 'active', certificates: [{ expires_on: at(-1) }] }
    const d = { id: 'd', status: 'validation_timed_out', certificates: [{ expires_on: at(2) }] }
    expect(expiringPacks([a, b, c, d], NOW).map((p) => p.id)).toEqual(['c', 'a'])
  })

  it('says the days left in words', () => {
    expect([daysLeftText(12), daysLeftText(1), daysLeftText(0), daysLeftText(-3)]).toEqual(['in 12 days', 'in 1 day', 'expires today', 'expired 3 days ago'])
  })
})
