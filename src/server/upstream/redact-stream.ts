import { isUtf8 } from 'node:buffer'
import { REDACTED, type Redactor, type Span } from './redact'

/** Thrown when an answer turns out not to be text the proxy can check (not UTF-8, or a NUL byte). */
export class NotTextError extends Error {
  constructor() {
    super('not text the dashboard can check')
  }
}

const BACKSLASH = 0x5c
const HEX = /^[0-9a-fA-F]{4}$/
const SIMPLE = new Set([...'"/bfnrt'].map((c) => c.charCodeAt(0)))
const MARKER = Buffer.from(REDACTED, 'utf8')
/** A window grows past its length only behind a long run of backslashes or of overlapping secrets. */
const MAX_CARRY = 1024 * 1024

/** Bytes taken by the escape starting at `at` (a backslash), as the redactor's unescaped view reads it. */
function escapeLength(data: Buffer, at: number): number {
  const next = data[at + 1]
  if (next === 0x75 && HEX.test(data.toString('latin1', at + 2, at + 6))) return 6
  return next !== undefined && SIMPLE.has(next) ? 2 : 1
}

/**
 * The nearest place at or before `cut` where no escape is cut in two, given that `data` starts at
 * such a place: `\\` pairs are counted from the start of their run, so `\\` + `u0074` never turns
 * into `\` + `\u0074` in the next window.
 */
function tokenBoundary(data: Buffer, cut: number): number {
  if (cut <= 0) return 0
  const b = data.lastIndexOf(BACKSLASH, cut - 1)
  if (b === -1 || b < cut - 6) return cut
  let start = b
  while (start > 0 && data[start - 1] === BACKSLASH) start--
  let end = b + 1
  while (end < data.length && data[end] === BACKSLASH) end++
  if (cut < end) return start + 2 * Math.floor((cut - start) / 2)
  if ((end - start) % 2 === 0) return cut
  return cut < end - 1 + escapeLength(data, end - 1) ? end - 1 : cut
}

/** Moves back over UTF-8 continuation bytes (at most three: more means the bytes are not UTF-8 anyway). */
function charBoundary(data: Buffer, cut: number): number {
  for (let k = 0; k < 3 && cut > 0 && cut < data.length && (data[cut] & 0xc0) === 0x80; k++) cut--
  return cut
}

/**
 * Checks and scrubs an answer that arrives in pieces, as the proxy streams it: every byte passed on
 * is UTF-8 text without NUL bytes, with every spelling of the credential replaced, wherever the
 * pieces were cut. The last `window` bytes (the longest spelling of the secret) are held back until
 * more arrive, so a secret split across pieces is seen whole before any of it leaves; the window is
 * cut only between characters and escapes, and never inside a secret.
 * The output is the same however the input was cut (a property test checks it).
 */
export class StreamRedactor {
  private carry: Buffer = Buffer.alloc(0)
  private readonly window: number

  constructor(private readonly redactor: Redactor) {
    this.window = Math.max(redactor.longest, 8)
  }

  /** The checked, scrubbed bytes that may leave now. Throws NotTextError. */
  push(chunk: Buffer): Buffer[] {
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk
    let cut = data.length - this.window
    if (cut <= 0) {
      this.carry = Buffer.from(data)
      return []
    }
    const spans = this.byteSpans(data)
    for (let before = -1; before !== cut; ) {
      before = cut
      cut = tokenBoundary(data, charBoundary(data, cut))
      const across = spans.find(([s, e]) => s < cut && cut < e)
      if (across) cut = across[0]
    }
    if (data.length - cut > MAX_CARRY) throw new NotTextError()
    this.carry = Buffer.from(data.subarray(cut))
    return this.emit(data.subarray(0, cut), spans)
  }

  /** Whatever was held back, once the answer is complete. Throws NotTextError. */
  end(): Buffer[] {
    const data = this.carry
    this.carry = Buffer.alloc(0)
    return this.emit(data, this.byteSpans(data))
  }

  /** Secrets in the window, as byte offsets. */
  private byteSpans(data: Buffer): Span[] {
    if (!this.redactor.mayHold(data)) return []
    const text = data.toString('utf8')
    const bytesAt = (i: number) => Buffer.byteLength(text.slice(0, i), 'utf8')
    return this.redactor.spans(text).map(([s, e]) => [bytesAt(s), bytesAt(e)])
  }

  private emit(part: Buffer, spans: Span[]): Buffer[] {
    if (!part.length) return []
    if (part.indexOf(0) !== -1 || !isUtf8(part)) throw new NotTextError()
    const out: Buffer[] = []
    let from = 0
    for (const [s, e] of spans) {
      if (e > part.length) break
      out.push(part.subarray(from, s), MARKER)
      from = e
    }
    out.push(part.subarray(from))
    return out.filter((b) => b.length > 0)
  }
}
