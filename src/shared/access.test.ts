import { describe, expect, it } from 'vitest'
import { isApiArea, levelOfPath, refusalReason, roleForRequest, writeRole } from './access'
import { API_ENDPOINTS } from './endpoints'

describe('the role matrix shared by the server and the pages', () => {
  it('gives every endpoint of the table a role from its area and level', () => {
    for (const e of API_ENDPOINTS) {
      const role = roleForRequest(e)
      if (e.method === 'GET') expect(role).toBe('viewer')
      else expect(role, `${e.method} ${e.path}`).toBe(writeRole(e.area, levelOfPath(e.path)))
    }
    expect(levelOfPath('/zones/:zone_id/dns_records')).toBe('zone')
    expect(levelOfPath('/zones/:zone_id')).toBe('account')
    expect(levelOfPath('/accounts/:account_id/logpush/jobs')).toBe('account')
    expect(isApiArea('dns')).toBe(true)
    expect(isApiArea('people')).toBe(false)
  })

  it('says why not: the role first, then the zone scope', () => {
    const viewer = { role: 'viewer' as const, zones: '*' as const }
    const scoped = { role: 'editor' as const, zones: ['example.com'] }
    expect(refusalReason(viewer, 'editor')).toBe('You have the viewer role: this needs the editor role. Ask an administrator if you need it.')
    expect(refusalReason(scoped, 'editor', 'Example.com')).toBeUndefined()
    expect(refusalReason(scoped, 'editor', 'shop-scale.io')).toBe('shop-scale.io is outside your zone scope: an administrator can add it to your zones.')
    expect(refusalReason(scoped, 'admin', 'example.com')).toContain('this needs the administrator role')
  })
})
