import { describe, expect, it } from 'vitest'
import { groupDigits } from './digits'

describe('groupDigits', () => {
  it('writes whole numbers as toLocaleString("en") does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 65_535, 100_000, 1_048_576, 123_456_789, -1234, -999])
      expect(groupDigits(n)).toBe(n.toLocaleString('en'))
  })
})
