import { describe, expect, it } from 'vitest'
import { mailTime, plural } from './words'

describe('mail words', () => {
  it('says a moment in one readable UTC form, from milliseconds or ISO alike', () => {
    const at = Date.UTC(2026, 10, 29, 6, 30, 12)
    expect(mailTime(at)).toBe('29 Nov 2026, 06:30 UTC')
    expect(mailTime(new Date(at).toISOString())).toBe('29 Nov 2026, 06:30 UTC')
    expect(mailTime('2026-01-05T23:04:00+02:00')).toBe('5 Jan 2026, 21:04 UTC')
    expect(mailTime(null)).toBe('unknown time')
    expect(mailTime('not a date')).toBe('unknown time')
  })
  it('counts nouns: one without s, others with', () => {
    expect(plural(1, 'change')).toBe('1 change')
    expect(plural(0, 'change')).toBe('0 changes')
    expect(plural(1204, 'record')).toBe('1,204 records')
    expect(plural(2, 'entry', 'entries')).toBe('2 entries')
  })
})
