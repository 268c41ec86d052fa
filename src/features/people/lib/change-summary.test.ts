import { describe, expect, it } from 'vitest'
import type { PersonView } from '@/shared/schemas/people'
import { personChangeSummary } from './change-summary'

const nina: PersonView = {
  id: 'p1',
  username: 'nina',
  display_name: 'Nina',
  role: 'editor',
  zones: ['example.com'],
  disabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  sso: null,
  email: null,
  email_source: null,
}

describe('personChangeSummary', () => {
  it('says only the zones changed when only the zones changed, not a role sentence', () => {
    const text = personChangeSummary(nina, { ...nina, zones: ['example.com', 'shop.example.com'] })
    expect(text).toBe("Nina's zones: added shop.example.com")
    expect(text).not.toMatch(/role|is now/)
  })

  it('names the role change with before and after', () => {
    expect(personChangeSummary(nina, { ...nina, role: 'viewer' })).toBe("Nina's role: editor → viewer")
  })

  it('lists added and removed zones, several changes together, and the new name', () => {
    const after: PersonView = { ...nina, display_name: 'Nina K', role: 'viewer', zones: ['newshop.dev'] }
    expect(personChangeSummary(nina, after)).toBe("Nina K's name: Nina → Nina K · role: editor → viewer · zones: added newshop.dev; removed example.com")
  })

  it('says all zones and back, shortens long lists, and says when nothing changed', () => {
    expect(personChangeSummary(nina, { ...nina, zones: '*' })).toBe("Nina's zones: now all zones")
    expect(personChangeSummary({ ...nina, zones: '*' }, nina)).toBe("Nina's zones: only example.com (was all zones)")
    const many = Array.from({ length: 8 }, (_, i) => `z${i}.example`)
    expect(personChangeSummary({ ...nina, zones: [] }, { ...nina, zones: many })).toBe(
      "Nina's zones: added z0.example, z1.example, z2.example, z3.example, z4.example and 3 more",
    )
    expect(personChangeSummary(nina, nina)).toBe('Nothing changed for Nina.')
  })
})
