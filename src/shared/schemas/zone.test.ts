import { describe, expect, it } from 'vitest'
import { parseNameOperator, zonesSearchSchema } from './zone'

describe('zones search', () => {
  it('splits name operators, defaulting to equal', () => {
    expect(parseNameOperator('contains:.org')).toEqual({ op: 'contains', value: '.org' })
    expect(parseNameOperator('ends_with_case_sensitive:.COM')).toEqual({ op: 'ends_with_case_sensitive', value: '.COM' })
    expect(parseNameOperator('example.com')).toEqual({ op: 'equal', value: 'example.com' })
    expect(parseNameOperator('weird:name')).toEqual({ op: 'equal', value: 'weird:name' })
  })

  it('keeps per_page between 5 and 50', () => {
    expect(zonesSearchSchema.parse({ per_page: '5' }).per_page).toBe(5)
    expect(zonesSearchSchema.safeParse({ per_page: 4 }).success).toBe(false)
    expect(zonesSearchSchema.safeParse({ per_page: 51 }).success).toBe(false)
    expect(zonesSearchSchema.safeParse({ status: 'deleted' }).success).toBe(false)
    expect(zonesSearchSchema.parse({ status: 'active', order: 'account.name', direction: 'asc' })).toMatchObject({
      status: 'active',
    })
  })
})
