import { tokenize } from '../../../shared/dns/rdata'
import { ALL_DNS_RECORD_TYPES } from '../../../shared/dns/record-types'
import { sliceClock, type SliceClock } from '../slices'
import { groupDigits } from '../../../shared/digits'

/**
 * A small BIND zone-file reader for imports: `$ORIGIN`, `$TTL`, `$GENERATE`, parentheses over
 * several lines, `;` comments, omitted owners (same as the line before), `@`, relative names,
 * TTL units (1h, 2d) and the class in either order with the TTL. `$INCLUDE` is refused outright.
 * The comment after a record is read as `<comment> cf_tags=<tag>,<tag>` (the export's format).
 */

export interface ZoneFileEntry {
  line: number
  text: string
  /** Lower-case FQDN without the trailing dot. */
  owner: string
  ttl?: number
  type: string
  rdata: string
  origin: string
  comment?: string
  tags: string[]
}

export interface ZoneFileProblem {
  line: number
  text: string
  message: string
}

export class IncludeRefused extends Error {}

interface Logical {
  line: number
  text: string
  body: string
  comment: string
}

/** Joins parenthesised records and separates comments, respecting quotes (lazily, one at a time). */
function* logicalRecords(source: string): Generator<Logical> {
  let depth = 0
  let current: Logical | undefined
  const lines = source.split(/\r?\n/)
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]
    let body = ''
    let comment = ''
    let quoted = false
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i]
      if (ch === '\\' && quoted && i + 1 < raw.length) {
        body += ch + raw[++i]
        continue
      }
      if (ch === '"') quoted = !quoted
      if (!quoted && ch === ';') {
        comment = raw.slice(i + 1).trim()
        break
      }
      if (!quoted && (ch === '(' || ch === ')')) {
        depth += ch === '(' ? 1 : -1
        body += ' '
        continue
      }
      body += ch
    }
    if (current) {
      current.body += ' ' + body
      current.text += '\n' + raw
      if (comment) current.comment = comment
    } else {
      current = { line: index + 1, text: raw, body, comment }
    }
    if (depth <= 0) {
      depth = 0
      yield current
      current = undefined
    }
  }
  if (current) yield current
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }

/** "3600", "1h", "1h30m" → seconds; undefined when it is not a TTL. */
export function parseTtl(token: string): number | undefined {
  if (/^\d+$/.test(token)) return Number(token)
  if (!/^(\d+[smhdw])+$/i.test(token)) return undefined
  let total = 0
  for (const [, n, u] of token.toLowerCase().matchAll(/(\d+)([smhdw])/g)) total += Number(n) * UNITS[u]
  return total
}

/** A zone-file name made absolute: `@` → origin, relative → name.origin (lower case, no trailing dot). */
export function absolute(name: string, origin: string): string {
  const n = name.toLowerCase()
  if (n === '@') return origin
  if (n.endsWith('.')) return n.slice(0, -1)
  return origin ? `${n}.${origin}` : n
}

function splitComment(comment: string): { comment?: string; tags: string[] } {
  const at = comment.lastIndexOf('cf_tags=')
  if (at < 0 || (at > 0 && !/\s/.test(comment[at - 1]))) return { comment: comment || undefined, tags: [] }
  const tags = comment
    .slice(at + 'cf_tags='.length)
    .trim()
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  return { comment: comment.slice(0, at).trim() || undefined, tags }
}

/** Expands `$` (and `${offset,width,base}`) in a $GENERATE template; `\$` stays a dollar sign. */
function substitute(template: string, i: number): string {
  return template.replace(
    /\\\$|\$\{(-?\d+)(?:,(\d+))?(?:,([doxXnN]))?\}|\$/g,
    (m, off?: string, width?: string, base?: string) => {
      if (m === '\\$') return '$'
      const n = i + Number(off ?? 0)
      const radix = base === 'o' ? 8 : base === 'x' || base === 'X' ? 16 : 10
      let s = n.toString(radix)
      if (base === 'X') s = s.toUpperCase()
      return s.padStart(Number(width ?? 0), '0')
    },
  )
}

const KNOWN_TYPES = new Set<string>(ALL_DNS_RECORD_TYPES)
const CLASSES = new Set(['IN', 'CH', 'HS', 'CS'])
export const GENERATE_MAX = 10_000

/** A file that would make more records than one import may add (our cap; see IMPORT_MAX_RECORDS). */
export class TooManyRecords extends Error {}
/** The most records one import may add: more than a 256 KiB file of plain lines can hold. */
export const IMPORT_MAX_RECORDS = 25_000

/** Reads a zone file, in slices that let the server answer other requests meanwhile. */
export async function parseZoneFile(
  source: string,
  zoneName: string,
  clock: SliceClock = sliceClock(),
): Promise<{ entries: ZoneFileEntry[]; problems: ZoneFileProblem[] }> {
  const entries: ZoneFileEntry[] = []
  const problems: ZoneFileProblem[] = []
  let origin = zoneName.toLowerCase()
  let defaultTtl: number | undefined
  let lastOwner: string | undefined

  const readRecord = (rec: Logical, body: string, text: string): void => {
    const problem = (message: string) => problems.push({ line: rec.line, text, message })
    const tokens = tokenize(body)
    if (!tokens) return void problem('A quotation mark is not closed.')
    let i = 0
    let owner: string
    if (/^\s/.test(body)) {
      if (!lastOwner) return void problem('This line has no name, and there is no record above it to take the name from.')
      owner = lastOwner
    } else {
      owner = absolute(tokens[0].text, origin)
      i = 1
    }
    let ttl: number | undefined
    for (let k = 0; k < 2 && i < tokens.length; k++) {
      const t = tokens[i].text
      const asTtl = parseTtl(t)
      if (asTtl !== undefined && ttl === undefined) {
        ttl = asTtl
        i++
      } else if (CLASSES.has(t.toUpperCase())) {
        if (t.toUpperCase() !== 'IN') return void problem(`Only the IN class is supported, not ${t}.`)
        i++
      }
    }
    const typeToken = tokens[i]
    if (!typeToken) return void problem('The record type is missing.')
    const type = typeToken.text.toUpperCase()
    if (!KNOWN_TYPES.has(type)) return void problem(`Unsupported record type "${typeToken.text}".`)
    const next = tokens[i + 1]
    const rdata = next ? body.slice(next.start).trim() : ''
    lastOwner = owner
    if (entries.length >= IMPORT_MAX_RECORDS) {
      throw new TooManyRecords(
        `The file makes more than ${groupDigits(IMPORT_MAX_RECORDS)} records, more than one import may add. Split it into several files.`,
      )
    }
    entries.push({ line: rec.line, text, owner, ttl: ttl ?? defaultTtl, type, rdata, origin, ...splitComment(rec.comment) })
  }

  for (const rec of logicalRecords(source)) {
    if (clock.due()) await clock.pause()
    const body = rec.body.replace(/\s+$/, '')
    if (body.trim() === '') continue
    const text = rec.text.trim()
    if (!body.startsWith('$')) {
      readRecord(rec, body, text)
      continue
    }
    const [directive, ...args] = body.trim().split(/\s+/)
    switch (directive.toUpperCase()) {
      case '$INCLUDE':
        throw new IncludeRefused('$INCLUDE directive not allowed: paste the records of the included file into this file instead.')
      case '$ORIGIN':
        if (!args[0]) problems.push({ line: rec.line, text, message: '$ORIGIN needs a name.' })
        else origin = absolute(args[0], origin)
        break
      case '$TTL': {
        const ttl = args[0] ? parseTtl(args[0]) : undefined
        if (ttl === undefined) problems.push({ line: rec.line, text, message: '$TTL needs a number of seconds.' })
        else defaultTtl = ttl
        break
      }
      case '$GENERATE': {
        const m = /^(\d+)-(\d+)(?:\/(\d+))?$/.exec(args[0] ?? '')
        if (!m || args.length < 3) {
          problems.push({ line: rec.line, text, message: 'Write $GENERATE as: $GENERATE start-stop[/step] name type value.' })
          break
        }
        const [start, stop, step] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)]
        if (stop < start || step < 1 || (stop - start) / step >= GENERATE_MAX) {
          problems.push({
            line: rec.line,
            text,
            message: `$GENERATE ranges must count upwards and produce at most ${GENERATE_MAX} records.`,
          })
          break
        }
        const template = body
          .trim()
          .slice(body.trim().indexOf(args[0]) + args[0].length)
          .trim()
        for (let n = start; n <= stop; n += step) {
          readRecord(rec, substitute(template, n), text)
          if (clock.due()) await clock.pause()
        }
        break
      }
      default:
        problems.push({ line: rec.line, text, message: `Unknown directive ${directive}.` })
    }
  }
  return { entries, problems }
}
