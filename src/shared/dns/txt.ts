/**
 * TXT content (specification rule 9, api-notes §3.5 and §3.7): one or more text strings in double
 * quotes. Content saved without any quotes gains them; quotes that do not pair up are an error.
 * Each string holds at most 255 bytes; longer ones are split into several strings automatically.
 *
 * Lengths are measured on the content *as saved* (quotes and the single spaces between strings
 * included), which is what the API returns in `content`. Measuring the raw input instead would let
 * a record be created that could not be saved again unchanged (2048 characters without quotes
 * become 2074 once quoted and split), so a later PATCH of only its comment would fail.
 */

/** One TXT record's content, as saved. */
export const TXT_MAX_LENGTH = 2048
/** All TXT records at one name together (sum of their saved content), api-notes §3.5. */
export const TXT_NAME_TOTAL_MAX = 8192
/** API code for the per-name total (our choice: the real code is not documented; unused 9xxx DNS code). */
export const TXT_NAME_TOTAL_CODE = 9070
export const TXT_STRING_MAX_BYTES = 255

export type TxtResult = { ok: true; content: string } | { ok: false; message: string }

const encoder = new TextEncoder()
const byteLength = (s: string) => encoder.encode(s).length

/**
 * Splits the inside of one quoted string into pieces of at most 255 bytes, never inside a
 * multi-byte character or an escape sequence such as \" or \\.
 */
function splitString(inner: string): string[] {
  if (byteLength(inner) <= TXT_STRING_MAX_BYTES) return [inner]
  const pieces: string[] = []
  let current = ''
  let bytes = 0
  const units = inner.match(/\\[\s\S]|[\s\S]/gu) ?? []
  for (const unit of units) {
    const size = byteLength(unit)
    if (bytes + size > TXT_STRING_MAX_BYTES) {
      pieces.push(current)
      current = ''
      bytes = 0
    }
    current += unit
    bytes += size
  }
  pieces.push(current)
  return pieces
}

const quote = (pieces: string[]) => pieces.map((p) => `"${p}"`).join(' ')

/** The content exactly as it will be saved, or the reason it cannot be. */
export function normaliseTxtContent(content: string): TxtResult {
  // A cheap bound before parsing: input four times the limit is refused outright (only runs of
  // spaces between quoted strings shrink when saved, and no real record carries thousands of them).
  if (content.length > 4 * TXT_MAX_LENGTH) return tooLong(`this has ${content.length}`)
  const r = parseTxt(content)
  if (r.ok && r.content.length > TXT_MAX_LENGTH) return tooLong(`this would be ${r.content.length}`)
  return r
}

const tooLong = (count: string): TxtResult => ({
  ok: false,
  message:
    `Text is too long: a TXT record holds at most ${TXT_MAX_LENGTH} characters as saved, quotes included ` +
    `(${count}). Shorten the text, or spread it over several TXT records.`,
})

function parseTxt(content: string): TxtResult {
  if (!content.includes('"')) {
    // A lone backslash at the very end would escape the closing quote we add: double it.
    const trailing = /\\+$/.exec(content)?.[0].length ?? 0
    return { ok: true, content: quote(splitString(trailing % 2 ? `${content}\\` : content)) }
  }

  const strings: string[] = []
  let i = 0
  while (i < content.length) {
    const ch = content[i]
    if (/\s/.test(ch)) {
      i++
      continue
    }
    if (ch !== '"') {
      return {
        ok: false,
        message:
          'The quotation marks are inconsistent: some text is outside quotes. Either put every part of the text in double quotes, or remove all quotes and they will be added for you.',
      }
    }
    let j = i + 1
    let inner = ''
    let closed = false
    while (j < content.length) {
      const c = content[j]
      if (c === '\\' && j + 1 < content.length) {
        inner += c + content[j + 1]
        j += 2
        continue
      }
      if (c === '"') {
        closed = true
        break
      }
      inner += c
      j++
    }
    if (!closed) {
      return {
        ok: false,
        message:
          'A quotation mark is not closed. Add the missing " at the end of the text, or remove all quotes and they will be added for you.',
      }
    }
    strings.push(...splitString(inner))
    i = j + 1
  }
  if (strings.length === 0) return { ok: true, content: '""' }
  return { ok: true, content: quote(strings) }
}

/** Sum of the saved content of the TXT records at one name, with `added` (saved content) included. */
export const txtNameTotal = (existing: readonly string[], added: string) =>
  existing.reduce((sum, c) => sum + c.length, added.length)

/** The text a TXT record carries, without the quoting (strings joined, escapes resolved). */
export function txtPlainText(content: string): string {
  const parts = content.match(/"((?:\\[\s\S]|[^"\\])*)"/g)
  if (!parts) return content
  return parts.map((p) => p.slice(1, -1).replace(/\\([\s\S])/g, '$1')).join('')
}

/** Curly and other typographic double quotes that mail programs and word processors put in. */
const TYPOGRAPHIC_DOUBLE = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g
/** Typographic single quotes, which only count as quotes when they wrap the whole text. */
const SINGLE_WRAP = /^\s*[\u2018\u2019\u201a\u201b']([\s\S]*)[\u2018\u2019\u201a\u201b']\s*$/

/**
 * Quotes pasted from a mail or a document (“google-site-verification=…”, or 'v=spf1 …'), which the
 * service would keep inside the value so that a verification fails later without a clue.
 * Returns the content with plain double quotes instead, or undefined when there are none.
 * An apostrophe inside the text (it's) is left alone; only single quotes around all of it count.
 */
export function typographicQuotesFix(content: string): string | undefined {
  let fixed = content.replace(TYPOGRAPHIC_DOUBLE, '"')
  const single = SINGLE_WRAP.exec(fixed)
  if (single && !single[1].includes('"')) fixed = `"${single[1]}"`
  return fixed === content ? undefined : fixed.trim()
}
