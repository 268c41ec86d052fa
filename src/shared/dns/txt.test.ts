import { describe, expect, it } from 'vitest'
import { normaliseTxtContent, TXT_MAX_LENGTH, TXT_NAME_TOTAL_MAX, txtNameTotal, txtPlainText, typographicQuotesFix } from './txt'

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

  it('splits every long string of quoted content, keeps escapes whole, and counts bytes not characters', () => {
    const parts = (c: string) =>
      saved(c)
        .match(/"((?:\\.|[^"\\])*)"/g)!
        .map((p) => p.slice(1, -1))
    // Two strings of 300 and 600: 255+45, then 255+255+90.
    expect(parts(`"${'b'.repeat(300)}" "${'c'.repeat(600)}"`).map((p) => p.length)).toEqual([255, 45, 255, 255, 90])
    // An escaped quote straddling byte 255 stays in one piece.
    const escaped = parts(`"${'d'.repeat(254)}\\"${'d'.repeat(10)}"`)
    expect(escaped[0]).toBe('d'.repeat(254))
    expect(escaped[1].startsWith('\\"')).toBe(true)
    expect(txtPlainText(saved(`"${'d'.repeat(254)}\\"x"`))).toBe(`${'d'.repeat(254)}"x`)
    // Every piece of any split is at most 255 bytes.
    for (const p of parts('ü'.repeat(700))) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(255)
  })

  it('is stable: saved content is saved again unchanged (a record can always be re-saved)', () => {
    for (const c of [
      'v=spf1 -all',
      'x'.repeat(1900),
      `"${'y'.repeat(600)}"`,
      '"a"    "b"',
      '€'.repeat(500),
      '',
      'ends in \\',
      'two \\\\',
    ])
      expect(saved(saved(c)), c.slice(0, 20)).toBe(saved(c))
  })

  it('limits the content as saved to 2048 characters, quotes and splits included', () => {
    expect(normaliseTxtContent('x'.repeat(2049)).ok).toBe(false)
    expect(normaliseTxtContent('x'.repeat(9000)).ok).toBe(false)
    // 2000 characters: 8 strings → 2000 + 16 quotes + 7 spaces = 2023, fits.
    expect(saved('x'.repeat(2000))).toHaveLength(2023)
    // 2030 characters fit as typed but not once quoted and split (2030 + 16 + 7 = 2053).
    const r = normaliseTxtContent('x'.repeat(2030))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/2048 characters as saved.*this would be 2053/)
    // Exactly the limit as saved is accepted (2025 + 16 + 7 = 2048), one more is not.
    expect(saved('x'.repeat(2025))).toHaveLength(TXT_MAX_LENGTH)
    expect(normaliseTxtContent('x'.repeat(2026)).ok).toBe(false)
  })

  it('sums the saved content of the TXT records at one name', () => {
    expect(txtNameTotal(['"ab"', '"c"'], '"defg"')).toBe(13)
    expect(TXT_NAME_TOTAL_MAX).toBe(4 * TXT_MAX_LENGTH)
  })

  it('reads back the plain text', () => expect(txtPlainText('"a\\"b" "c"')).toBe('a"bc'))
})

describe('typographic quotes', () => {
  it('offers plain double quotes for curly, low and guillemet quotes and for single quotes around the text', () => {
    expect(typographicQuotesFix('“google-site-verification=abc123XYZ”')).toBe('"google-site-verification=abc123XYZ"')
    expect(typographicQuotesFix('„part one“ “part two”')).toBe('"part one" "part two"')
    expect(typographicQuotesFix("'v=spf1 -all'")).toBe('"v=spf1 -all"')
    expect(typographicQuotesFix('‘v=spf1 -all’')).toBe('"v=spf1 -all"')
    expect(normaliseTxtContent(typographicQuotesFix('“abc”')!)).toEqual({ ok: true, content: '"abc"' })
  })

  it('leaves plain text, plain quotes and apostrophes inside the text alone', () => {
    for (const s of ['"abc"', 'abc', "it's fine", 'v=spf1 -all', '"a" "b"']) expect(typographicQuotesFix(s), s).toBeUndefined()
  })
})
