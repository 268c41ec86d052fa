import { describe, expect, it } from 'vitest'
import { inviteSchema, isInviteExpired } from './invites'

const base = { id: 'i', organization_id: 'o', status: 'pending' as const }

describe('inviteSchema roles (2024 objects or 2026 names)', () => {
  it('reads role names as {name}', () => {
    expect(inviteSchema.parse({ ...base, roles: ['DNS'] }).roles).toEqual([{ name: 'DNS' }])
  })
  it('reads role objects with their description and permissions', () => {
    const role = { id: 'r', name: 'DNS', description: 'Edit DNS', permissions: ['#dns_records:edit'] }
    expect(inviteSchema.parse({ ...base, roles: [role] }).roles).toEqual([role])
  })
  it('reads missing roles as none', () => expect(inviteSchema.parse(base).roles).toEqual([]))
})

describe('isInviteExpired', () => {
  const now = new Date('2026-03-01T00:00:00Z')
  it('is true once the expiry is reached', () => {
    expect(isInviteExpired({ status: 'pending', expires_on: '2026-03-01T00:00:00Z' }, now)).toBe(true)
    expect(isInviteExpired({ status: 'pending', expires_on: '2026-03-01T00:00:01Z' }, now)).toBe(false)
  })
  it('trusts an expired status and tolerates a missing expiry', () => {
    expect(isInviteExpired({ status: 'expired' }, now)).toBe(true)
    expect(isInviteExpired({ status: 'pending' }, now)).toBe(false)
  })
})
