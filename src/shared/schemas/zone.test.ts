import { describe, expect, it } from 'vitest'
import { parseNameOperator, zonesSearchSchema } from './zone'

describe('zones search', () => {
  it('splits name operators, defaulting to equal', () => {
    expect(parseNameOperator('contains:.org')).toEqual({ op: 'contains', value: '.org' })
    expect(parseNameOperator('ends_with_case_sensitive:.COM')).toEqual({ op: 'ends_with_case_sensitive', value: '.COM' })
    expect(parseNameOperator('example.com')).toEqual({ op: 'equal', value: 'example.com' })
    expect(parseNameOperator('weird:name')).toEqual({ op: 'equal', value: 'weird:name' })
  })

  it('keeps per_page between 5 and 50 (clamped, as the service does: api-notes §13.8) and refuses unknown statuses', () => {
    expect(zonesSearchSchema.parse({ per_page: '5' }).per_page).toBe(5)
    expect(zonesSearchSchema.parse({ per_page: 1 }).per_page).toBe(5)
    expect(zonesSearchSchema.parse({ per_page: 51 }).per_page).toBe(50)
    expect(zonesSearchSchema.safeParse({ per_page: 'many' }).success).toBe(false)
    expect(zonesSearchSchema.safeParse({ status: 'deleted' }).error?.issues[0].path).toEqual(['status'])
    expect(zonesSearchSchema.parse({ status: 'active', order: 'account.name', direction: 'asc' })).toMatchObject({
      status: 'active',
    })
  })
})
