import { describe, expect, it } from 'vitest'
import { poolsClearEmailBodySchema, poolsPageQuerySchema, splitNotificationEmails } from './load-balancing'

describe('poolsPageQuerySchema', () => {
  const w = (q: Record<string, string | undefined>) => poolsPageQuerySchema.parse(q)
  it('defaults to the first 25', () => expect(w({})).toEqual({ offset: 0, limit: 25, page: 1 }))
  it('reads page/per_page', () => expect(w({ page: '3', per_page: '10' })).toEqual({ offset: 20, limit: 10, page: 3 }))
  it('uses 25 per page when only page is given', () => expect(w({ page: '2' })).toEqual({ offset: 25, limit: 25, page: 2 }))
  it('reads limit/offset', () => expect(w({ limit: '5', offset: '7' })).toEqual({ offset: 7, limit: 5, page: 2 }))
  it('uses limit 25 when only offset is given', () => expect(w({ offset: '50' })).toEqual({ offset: 50, limit: 25, page: 3 }))
  it('treats empty values as absent', () => expect(w({ page: '', per_page: '' })).toEqual({ offset: 0, limit: 25, page: 1 }))
  it.each([{ page: '1', limit: '5' }, { per_page: '5', offset: '0' }, { per_page: '101' }, { limit: '0' }, { page: '0' }, { page: '1.5' }, { offset: '-1' }])(
    'refuses %o',
    (q) => expect(poolsPageQuerySchema.safeParse(q).success).toBe(false),
  )
})

describe('poolsClearEmailBodySchema', () => {
  it('accepts only {"notification_email": ""}', () => {
    expect(poolsClearEmailBodySchema.safeParse({ notification_email: '' }).success).toBe(true)
    for (const bad of [{}, { notification_email: 'a@b.c' }, { notification_email: '', name: 'x' }, null, 'x', []]) {
      expect(poolsClearEmailBodySchema.safeParse(bad).success).toBe(false)
    }
  })
})

describe('splitNotificationEmails', () => {
  it('splits comma lists, trims, lower-cases and removes duplicates', () => {
    expect(splitNotificationEmails('noc@a.example, SRE@a.example,,noc@a.example ')).toEqual(['noc@a.example', 'sre@a.example'])
  })
  it('reads nothing from empty values', () => {
    expect(splitNotificationEmails('')).toEqual([])
    expect(splitNotificationEmails(null)).toEqual([])
    expect(splitNotificationEmails(' , ')).toEqual([])
  })
})
