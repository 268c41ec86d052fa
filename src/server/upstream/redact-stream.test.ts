import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from './redact'
import { NotTextError, StreamRedactor } from './redact-stream'

const SECRET = 'tok-SECRET/0123456789abcdefghij'
const redactor = createRedactor([SECRET])

/** Feeds `input` cut at the given offsets; returns what left, as text. */
function streamed(input: Buffer, cuts: number[]): string {
  const r = new StreamRedactor(redactor)
  const out: Buffer[] = []
  let from = 0
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    out.push(...r.push(input.subarray(from, at)))
    from = at
  }
  out.push(...r.push(input.subarray(from)), ...r.end())
  return Buffer.concat(out).toString('utf8')
}

const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
/** The spellings a JSON encoder (or a hostile one) can give the secret. */
const spelled = fc.oneof(
  fc.constant(SECRET),
  fc.constant(SECRET.replace(/\//g, '\\/')),
  fc.constant([...SECRET].map(u).join('')),
  fc.array(fc.boolean(), { minLength: SECRET.length, maxLength: SECRET.length }).map((mask) =>
    [...SECRET].map((c, i) => (mask[i] ? u(c) : c === '/' ? '\\/' : c)).join(''),
  ),
)
/** Noise that trips naive windows: backslash runs, half escapes, multi-byte characters, pieces of the secret. */
const noise = fc.array(
  fc.oneof(
    fc.constantFrom('\\\\', '\\', '\\u00', '\\u0074', '"', 'é', '€', '😀', 'tok-', 'SECRET', '\\/', ' ', '{"a":"'),
    fc.string({ maxLength: 8 }).filter((s) => !s.includes('\0')),
  ),
  { maxLength: 12 },
)
const body = fc.array(fc.tuple(noise, spelled), { maxLength: 4 }).map((parts) =>
  Buffer.from(parts.map(([n, s]) => n.join('') + s).join('') + 'end', 'utf8'),
)

describe('StreamRedactor', () => {
  it('gives the same bytes as scrubbing the whole answer, however the answer is cut', () => {
    fc.assert(
      fc.property(body, fc.array(fc.nat(), { maxLength: 20 }), (input, raw) => {
        const cuts = raw.map((n) => n % (input.length + 1))
        expect(streamed(input, cuts)).toBe(redactor.bytes(input).toString('utf8'))
      }),
      { numRuns: 2000 },
    )
  })

  it('never lets the secret through, in any spelling, even cut one byte at a time', () => {
    fc.assert(
      fc.property(body, (input) => {
        const out = streamed(input, Array.from({ length: input.length }, (_, i) => i))
        expect(redactor.text(out)).toBe(out)
      }),
      { numRuns: 300 },
    )
  })

  it('holds back only the window: the rest leaves at once', () => {
    const r = new StreamRedactor(redactor)
    const first = Buffer.concat(r.push(Buffer.from('x'.repeat(10_000))))
    expect(first.length).toBe(10_000 - redactor.longest)
    expect(Buffer.concat(r.end()).length).toBe(redactor.longest)
  })

  it('scrubs a secret split across two pieces, every character \\u-escaped', () => {
    const escaped = [...SECRET].map(u).join('')
    const input = Buffer.from(`{"a":"Bearer ${escaped}","pad":"${'p'.repeat(500)}"}`)
    for (let at = 0; at <= input.length; at += 7) expect(streamed(input, [at])).toContain(`Bearer ${REDACTED}"`)
  })

  it('refuses bytes that are not UTF-8 text, or hold a NUL, wherever they come', () => {
    const bad = [Buffer.from([0xc3]), Buffer.from([0]), Buffer.from([0x80, 0x80, 0x80, 0x80])]
    for (const b of bad) {
      const r = new StreamRedactor(redactor)
      expect(() => {
        r.push(Buffer.concat([Buffer.from('y'.repeat(1000)), b, Buffer.from('z'.repeat(1000))]))
        r.end()
      }).toThrow(NotTextError)
    }
  })

  it('keeps a multi-byte character whole across pieces', () => {
    const input = Buffer.from('é€😀'.repeat(300))
    for (let at = 0; at < 40; at++) expect(streamed(input, [at, at + 200])).toBe(input.toString('utf8'))
  })
})
