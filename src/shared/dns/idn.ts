/**
 * Internationalised names (IDN): `café.example.com` ⇄ `xn--caf-dma.example.com`. The service takes a
 * name in either form and stores the ASCII one (punycode, RFC 3492, with the `xn--` prefix of
 * IDNA); its dashboard shows both. Here for the form, the proxy's validation and the sandbox alike
 * (through the shared name schema), so it must run in the browser too: node's
 * `url.domainToASCII` is not there, and a dependency would break the rule that src/shared imports
 * nothing but zod. The mapping before encoding is the common part of UTS #46 (Unicode NFC, lower
 * case, the ideographic full stops as dots); the unit tests compare with node's converter.
 */

const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128
const PREFIX = 'xn--'

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1
  d += Math.floor(d / points)
  let k = 0
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW))
}

const digitChar = (d: number) => String.fromCharCode(d < 26 ? 97 + d : 22 + d) // a–z, then 0–9

function charDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 22
  if (c >= 65 && c <= 90) return c - 65
  if (c >= 97 && c <= 122) return c - 97
  return BASE
}

/** RFC 3492 encoding of one label (without the `xn--` prefix). */
export function punycodeEncode(label: string): string {
  const input = Array.from(label, (c) => c.codePointAt(0)!)
  let out = input
    .filter((c) => c < 0x80)
    .map((c) => String.fromCharCode(c))
    .join('')
  const basic = out.length
  let handled = basic
  if (basic > 0) out += '-'
  let n = INITIAL_N
  let delta = 0
  let bias = INITIAL_BIAS
  while (handled < input.length) {
    const m = Math.min(...input.filter((c) => c >= n))
    delta += (m - n) * (handled + 1)
    n = m
    for (const c of input) {
      if (c < n) delta++
      if (c !== n) continue
      let q = delta
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
        if (q < t) break
        out += digitChar(t + ((q - t) % (BASE - t)))
        q = Math.floor((q - t) / (BASE - t))
      }
      out += digitChar(q)
      bias = adapt(delta, handled + 1, handled === basic)
      delta = 0
      handled++
    }
    delta++
    n++
  }
  return out
}

/** RFC 3492 decoding of one label (without the prefix); undefined when it is not valid punycode. */
export function punycodeDecode(encoded: string): string | undefined {
  const end = encoded.lastIndexOf('-')
  const output = Array.from(end > 0 ? encoded.slice(0, end) : '', (c) => c.codePointAt(0)!)
  if (output.some((c) => c >= 0x80)) return undefined
  let n = INITIAL_N
  let bias = INITIAL_BIAS
  let i = 0
  for (let pos = end > 0 ? end + 1 : 0; pos < encoded.length;) {
    const oldI = i
    let w = 1
    for (let k = BASE; ; k += BASE) {
      if (pos >= encoded.length) return undefined
      const digit = charDigit(encoded.charCodeAt(pos++))
      if (digit >= BASE) return undefined
      i += digit * w
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < t) break
      w *= BASE - t
      if (i > 0x10ffff * 64) return undefined
    }
    const count = output.length + 1
    bias = adapt(i - oldI, count, oldI === 0)
    n += Math.floor(i / count)
    i %= count
    if (n > 0x10ffff) return undefined
    output.splice(i, 0, n)
    i++
  }
  return String.fromCodePoint(...output)
}

// eslint-disable-next-line no-control-regex -- the ASCII range itself
const NON_ASCII = /[^\x00-\x7f]/
/** The dots IDNA reads as label separators: full stop, ideographic, fullwidth and halfwidth ideographic. */
const DOTS = /[.\u3002\uff0e\uff61]/

/**
 * The ASCII (stored) form of a name: each label with letters outside ASCII becomes `xn--…`, after
 * NFC and lower case (of the whole name, as IDNA does). A name that is all ASCII is returned
 * unchanged (its own rules apply later).
 */
export function toAsciiName(name: string): string {
  if (!NON_ASCII.test(name)) return name
  return name
    .normalize('NFC')
    .toLowerCase()
    .split(DOTS)
    .map((label) => (NON_ASCII.test(label) ? PREFIX + punycodeEncode(label) : label))
    .join('.')
}

/** The Unicode (readable) form: each `xn--` label decoded; a label that does not decode stays as it is. */
export function toUnicodeName(name: string): string {
  if (!/(^|\.)xn--/i.test(name)) return name
  return name
    .split('.')
    .map((label) => {
      if (!label.toLowerCase().startsWith(PREFIX)) return label
      const encoded = label.slice(PREFIX.length).toLowerCase()
      const decoded = punycodeDecode(encoded)
      // Only a real, canonical IDN label: letters beyond ASCII, no control characters, encoding back to the same text.
      const real = decoded && NON_ASCII.test(decoded) && !/[\u0080-\u009f]/.test(decoded) && punycodeEncode(decoded) === encoded
      return real ? decoded : label
    })
    .join('.')
}

/** "café.example.com (xn--caf-dma.example.com)" for an internationalised name; the name alone otherwise. */
export function bothNameForms(name: string): string {
  const ascii = toAsciiName(name)
  const unicode = toUnicodeName(ascii)
  return unicode === ascii ? ascii : `${unicode} (${ascii})`
}
