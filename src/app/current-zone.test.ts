import { describe, expect, it } from 'vitest'
import { isZoneId, switchZonePath } from './current-zone'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

describe('switchZonePath', () => {
  it('keeps the area when switching zones inside one', () => {
    expect(switchZonePath(`/zones/${A}/dns`, A, B)).toBe(`/zones/${B}/dns`)
    expect(switchZonePath(`/zones/${A}/page-shield/scripts`, A, B)).toBe(`/zones/${B}/page-shield`)
    expect(switchZonePath(`/zones/${A}`, A, B)).toBe(`/zones/${B}`)
  })
  it('opens the overview from account pages', () => {
    expect(switchZonePath('/zones', undefined, B)).toBe(`/zones/${B}`)
    expect(switchZonePath('/invites', undefined, B)).toBe(`/zones/${B}`)
  })
})

describe('isZoneId', () => {
  it('accepts only 32 lower-case hexadecimal characters', () => {
    expect(isZoneId(A)).toBe(true)
    expect(isZoneId('aad9930b9d65bfc3a47abe3e97198baf')).toBe(true)
    expect(isZoneId('nope')).toBe(false)
    expect(isZoneId('A'.repeat(32))).toBe(false)
    expect(isZoneId('a'.repeat(31))).toBe(false)
    expect(isZoneId(undefined)).toBe(false)
  })
})
