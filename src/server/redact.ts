export const REDACTED = '[redacted]'

export interface Redactor {
  /** The text with every secret replaced, in every spelling a JSON encoder can produce. */
  text(value: string): string
  /** The same for UTF-8 bytes; the same buffer when no secret occurs (the common case, kept fast). */
  bytes(value: Buffer): Buffer
}

/** Spellings of a secret that could appear as is: raw, and escaped the usual way inside a JSON string. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const jsonSlash = json.replace(/\//g, '\\/')
  return [...new Set([secret, json, jsonSlash])]
}

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

/** Replaces the original spans behind every occurrence of a secret in the unescaped view. */
function redactEscaped(value: string, secrets: string[]): string {
  const { view, at } = unescapedView(value)
  const spans: [number, number][] = []
  for (const secret of secrets) {
    for (let i = view.indexOf(secret); i !== -1; i = view.indexOf(secret, i + 1)) spans.push([at[i], at[i + secret.length]])
  }
  if (!spans.length) return value
  spans.sort((a, b) => a[0] - b[0])
  const out: string[] = []
  let from = 0
  for (const [start, end] of spans) {
    if (end <= from) continue
    out.push(value.slice(from, Math.max(from, start)), REDACTED)
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
  const needles = [...new Set(plain.flatMap(spellings))].sort((a, b) => b.length - a.length)

  const text = (value: string) => {
    let out = value
    for (const n of needles) if (out.includes(n)) out = out.split(n).join(REDACTED)
    // Other spellings (any mix of \uXXXX escapes, a partly escaped slash) need an unescaped view.
    if (plain.length && ESCAPE_HINT.test(out)) out = redactEscaped(out, plain)
    return out
  }

  const buffers = needles.map((n) => Buffer.from(n, 'utf8'))
  const replacement = Buffer.from(REDACTED, 'utf8')
  const bytes = (value: Buffer) => {
    let buf = value
    for (const needle of buffers) {
      let at = buf.indexOf(needle)
      if (at === -1) continue
      const parts: Buffer[] = []
      let from = 0
      while (at !== -1) {
        parts.push(buf.subarray(from, at), replacement)
        from = at + needle.length
        at = buf.indexOf(needle, from)
      }
      parts.push(buf.subarray(from))
      buf = Buffer.concat(parts)
    }
    if (plain.length && (buf.includes('\\u') || buf.includes('\\/'))) {
      const before = buf.toString('utf8')
      const after = redactEscaped(before, plain)
      if (after !== before) buf = Buffer.from(after, 'utf8')
    }
    return buf
  }

  return { text, bytes }
}
