export const REDACTED = '[redacted]'

export interface Redactor {
  /** The text with every secret replaced. */
  text(value: string): string
  /** The bytes with every secret replaced; the same buffer when none occurs (the common case). */
  bytes(value: Uint8Array): Uint8Array
}

/** Spellings of a secret that could appear in a response: as is, and escaped inside a JSON string. */
function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const jsonSlash = json.replace(/\//g, '\\/')
  return [...new Set([secret, json, jsonSlash])]
}

/**
 * Replaces secrets (the API credential) in text and bytes. Used on everything that comes back from
 * upstream, so that even a service echoing request headers cannot hand the credential to the browser.
 */
export function createRedactor(secrets: string[]): Redactor {
  const needles = [...new Set(secrets.filter((s) => s.length > 0).flatMap(spellings))].sort((a, b) => b.length - a.length)
  const buffers = needles.map((n) => Buffer.from(n, 'utf8'))
  const replacement = Buffer.from(REDACTED, 'utf8')

  const text = (value: string) => {
    let out = value
    for (const n of needles) if (out.includes(n)) out = out.split(n).join(REDACTED)
    return out
  }

  const bytes = (value: Uint8Array) => {
    let buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    let changed = false
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
      changed = true
    }
    return changed ? buf : value
  }

  return { text, bytes }
}
