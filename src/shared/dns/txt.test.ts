import { describe, expect, it } from 'vitest'
import { normaliseTxtContent, txtPlainText } from './txt'

const saved = (c: string) => {
  const r = normaliseTxtContent(c)
  if (!r.ok) throw new Error(r.message)
  return r.content
}

describe('TXT content', () => {
  it('adds quotes to content saved without any', () => {
    expect(saved('v=spf1 -all')).toBe('"v=spf1 -all"')
    expect(saved('')).toBe('""')
  })

  it('keeps well-quoted content, one or more strings', () => {
    expect(saved('"v=spf1 -all"')).toBe('"v=spf1 -all"')
    expect(saved('"part one"   "part two"')).toBe('"part one" "part two"')
    expect(saved('"with \\"escaped\\" quotes"')).toBe('"with \\"escaped\\" quotes"')
  })

  it('refuses inconsistent quotation marks with a plain explanation', () => {
    for (const bad of ['"this', 'say "hi"', '"a" b', '"a" "b']) {
      const r = normaliseTxtContent(bad)
      expect(r.ok, bad).toBe(false)
      if (!r.ok) expect(r.message).toMatch(/quot/)
    }
  })

  it('splits strings longer than 255 bytes, without breaking characters', () => {
    const long = 'a'.repeat(300)
    expect(saved(long)).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}"`)
    expect(saved(`"${long}"`)).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}"`)
    const euros = '€'.repeat(100) // 3 bytes each
    const parts = saved(euros).match(/"[^"]*"/g)!
    expect(parts.map((p) => new TextEncoder().encode(p.slice(1, -1)).length)).toEqual([255, 45])
  })

  it('refuses content over 2048 characters', () => expect(normaliseTxtContent('x'.repeat(2049)).ok).toBe(false))

  it('reads back the plain text', () => expect(txtPlainText('"a\\"b" "c"')).toBe('a"bc'))
})
