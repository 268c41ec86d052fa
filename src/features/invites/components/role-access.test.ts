import { describe, expect, it } from 'vitest'
import { roleAccess } from './role-access'

describe('roleAccess', () => {
  it('explains well-known role names, whatever their case', () => {
    expect(roleAccess({ name: 'Administrator Read Only' }, 'Globex')).toMatch(/change nothing/)
    expect(roleAccess({ name: 'dns' }, 'Globex')).toMatch(/DNS records/)
  })
  it('prefers the description a role object carries', () => {
    expect(roleAccess({ name: 'DNS', description: 'Custom text' }, 'Globex')).toBe('Custom text')
  })
  it('says plainly when a role is unknown', () => {
    expect(roleAccess({ name: 'Workers Admin' }, 'Globex')).toBe('Whatever Globex allows for the role “Workers Admin”.')
  })
})

describe('timeLeft', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  it('rounds to days, hours, or says within the hour', async () => {
    const { timeLeft } = await import('./invite-card')
    expect(timeLeft('2026-03-03T11:59:00Z', now)).toBe('in 2 days')
    expect(timeLeft('2026-03-02T11:00:00Z', now)).toBe('in 23 hours')
    expect(timeLeft('2026-03-01T12:30:00Z', now)).toBe('within the hour')
  })
})
