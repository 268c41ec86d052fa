export const REDACTED = '[redacted]'

/** A stretch `[start, end)` of text that spells a secret (or several overlapping ones). */
export type Span = [start: number, end: number]

export interface Redactor {
  /** The text with every secret replaced, in every spelling a JSON encoder can produce. */
  text(value: string): string
  /** The same for UTF-8 bytes; the same buffer when no secret occurs (the common case, kept fast). */
  bytes(value: Buffer): Buffer
  /** Where secrets occur in the text (merged where they overlap), in UTF-16 offsets. */
  spans(value: string): Span[]
  /** False when the bytes cannot hold any spelling of a secret: no need to look closer. */
  mayHold(value: Buffer): boolean
  /** Bytes of the longest spelling of a secret (every character as `\uXXXX`): the streaming window. */
  longest: number
}

/** Spellings of a secret that could appear as is: raw, and escaped the usual way inside a JSON string. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const jsonSlash = json.replace(/\//g, '\\/')
  return [...new Set([secret, json, jsonSlash])]
}

/** Other escapes only ever give the canonical JSON spelling, which is one of the needles. */
const ESCAPE_HINT = /\\[u/]/
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/**
 * The text with JSON string escapes resolved (`\u0074` → `t`, `\/` → `/`), and for each unit of
 * that view the offset in the original where it starts (`at[k]`; `at[view.length]` is the end).
 */
function unescapedView(s: string): { view: string; at: Int32Array } {
  const at = new Int32Array(s.length + 1)
  const parts: string[] = []
  let k = 0
  let i = 0
  while (i < s.length) {
    const slash = s.indexOf('\\', i)
    const stop = slash === -1 ? s.length : slash
    for (let j = i; j < stop; j++) at[k++] = j
    parts.push(s.slice(i, stop))
    if (slash === -1) break
    at[k++] = slash
    const next = s[slash + 1]
    const hex = next === 'u' ? s.slice(slash + 2, slash + 6) : ''
    if (/^[0-9a-fA-F]{4}$/.test(hex)) {
      parts.push(String.fromCharCode(parseInt(hex, 16)))
      i = slash + 6
    } else if (next !== undefined && SIMPLE_ESCAPES[next] !== undefined) {
      parts.push(SIMPLE_ESCAPES[next])
      i = slash + 2
    } else {
      parts.push('\\')
      i = slash + 1
    }
  }
  at[k] = s.length
  return { view: parts.join(''), at }
}

/** Sorted, with overlapping spans joined into one (adjacent ones stay apart). */
function merged(spans: Span[]): Span[] {
  if (spans.length < 2) return spans
  spans.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const out: Span[] = [spans[0]]
  for (const [start, end] of spans.slice(1)) {
    const last = out[out.length - 1]
    if (start < last[1]) last[1] = Math.max(last[1], end)
    else out.push([start, end])
  }
  return out
}

/** The text with each span replaced by the marker. */
export function applySpans(value: string, spans: Span[]): string {
  if (!spans.length) return value
  const out: string[] = []
  let from = 0
  for (const [start, end] of spans) {
    out.push(value.slice(from, start), REDACTED)
    from = end
  }
  out.push(value.slice(from))
  return out.join('')
}

/**
 * Replaces secrets (the API credential) in text. Used on everything that comes back from upstream,
 * so that even a service echoing request headers cannot hand the credential to the browser: the
 * secret is found raw, JSON-escaped the usual way, with `\/`, and with any mix of `\uXXXX` escapes.
 */
export function createRedactor(secrets: string[]): Redactor {
  const plain = [...new Set(secrets.filter((s) => s.length > 0))]
  const needles = [...new Set(plain.flatMap(spellings))]
  const needleBytes = needles.map((n) => Buffer.from(n, 'utf8'))

  const spans = (value: string): Span[] => {
    const found: Span[] = []
    for (const n of needles) for (let i = value.indexOf(n); i !== -1; i = value.indexOf(n, i + 1)) found.push([i, i + n.length])
    // Other spellings (any mix of \uXXXX escapes, a partly escaped slash) need an unescaped view.
    if (plain.length && ESCAPE_HINT.test(value)) {
      const { view, at } = unescapedView(value)
      for (const secret of plain)
        for (let i = view.indexOf(secret); i !== -1; i = view.indexOf(secret, i + 1)) found.push([at[i], at[i + secret.length]])
    }
    return merged(found)
  }

  // One quick look for a backslash first (memchr): without one there is no escape, so only the
  // spellings without escapes can occur, and the escape checks are skipped.
  const plainNeedles = needleBytes.filter((n) => !n.includes(0x5c))
  const mayHold = (value: Buffer) => {
    if (plain.length === 0) return false
    if (value.indexOf(0x5c) === -1) return plainNeedles.some((n) => value.includes(n))
    return needleBytes.some((n) => value.includes(n)) || value.includes('\\u') || value.includes('\\/')
  }

  const bytes = (value: Buffer) => {
    if (!mayHold(value)) return value
    const text = value.toString('utf8')
    const found = spans(text)
    return found.length ? Buffer.from(applySpans(text, found), 'utf8') : value
  }

  // \uXXXX is the longest spelling of one UTF-16 unit (raw UTF-8 takes at most 3 bytes per unit).
  const longest = Math.max(0, ...plain.map((s) => s.length * 6))
  return { text: (value) => applySpans(value, spans(value)), bytes, spans, mayHold, longest }
}
