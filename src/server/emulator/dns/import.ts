import { canBeProxied } from '../../../shared/dns/proxiable'
import { dataFromRdata } from '../../../shared/dns/rdata'
import { isDataType } from '../../../shared/dns/record-types'
import type { DnsImportResult } from '../../../shared/schemas/dns-record'
import { looksLikeIp } from '../../../shared/schemas/dns-text-fields'
import type { ApiMessage } from '../../../shared/schemas/common'
import { ApiError } from '../http'
import { newId } from '../ids'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { absolute, parseZoneFile, type ZoneFileEntry } from './bind-parse'
import { sliceClock, type SliceClock } from '../slices'
import { ChainError } from './rules'
import { insertRecord } from './store'
import { prepareRecord } from './write'

/**
 * POST …/dns_records/import. Each record line goes through exactly the checks of a create.
 * Lines that pass are added (in one transaction); lines that fail are skipped and reported, so the
 * import is partial rather than all-or-nothing. Reporting (our choice, documented for the UI):
 * `result.added[]` {line, id, type, name, content}, `result.refused[]` {line, text, code, message},
 * and each refusal also as a `messages` entry "Line N: <reason>". SOA lines are refused (automatic).
 * Proxied CNAMEs wait until the rest of the file is in, so a chain may be defined in any order.
 */

/**
 * A target made absolute as BIND would, except an IP address: qualifying `192.0.2.5` would store
 * `192.0.2.5.example.com`, so it goes through as written and the shared schema refuses it on its
 * line, as the form does.
 */
const hostAbs = (host: string, origin: string) => (host === '.' || looksLikeIp(host) ? host : absolute(host, origin))

/** The create body a zone-file line stands for. */
export function entryToBody(e: ZoneFileEntry, importProxied: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { type: e.type, name: `${e.owner}.` }
  if (e.ttl !== undefined) body.ttl = e.ttl
  const tags: string[] = []
  let proxiedTag: boolean | undefined
  for (const t of e.tags) {
    const lower = t.toLowerCase()
    if (lower === 'cf-proxied:true' || lower === 'cf-proxied:false') proxiedTag = lower.endsWith('true')
    else if (lower === 'cf-flatten-cname' || lower === 'cf-flatten-cname:true') body.settings = { flatten_cname: true }
    else tags.push(t)
  }
  if (tags.length) body.tags = tags
  if (e.comment) body.comment = e.comment
  const words = e.rdata.split(/\s+/)
  switch (e.type) {
    case 'CNAME':
    case 'NS':
    case 'PTR':
      body.content = hostAbs(words[0] ?? '', e.origin)
      break
    case 'MX':
      body.priority = Number(words[0])
      body.content = hostAbs(words[1] ?? '', e.origin)
      break
    case 'OPENPGPKEY':
      body.content = words.join('')
      break
    default:
      if (isDataType(e.type)) {
        const parsed = dataFromRdata(e.type, e.rdata, true)
        if (!parsed.ok) {
          body.content = e.rdata
          break
        }
        const d = parsed.data
        for (const key of ['target', 'replacement'] as const)
          if (typeof d[key] === 'string' && e.type !== 'URI') d[key] = hostAbs(d[key], e.origin)
        body.data = d
        if (parsed.priority !== undefined) body.priority = parsed.priority
      } else body.content = e.rdata
  }
  const content = typeof body.content === 'string' ? body.content : ''
  const fromFlag = importProxied && canBeProxied(e.type, content)
  const proxied = proxiedTag ?? fromFlag
  if (proxied) body.proxied = true
  return body
}

interface Outcome {
  result: DnsImportResult & { added: NonNullable<DnsImportResult['added']>; refused: NonNullable<DnsImportResult['refused']> }
  messages: ApiMessage[]
}

/**
 * Adds the file's records. The work runs in slices (each its own transaction) with the event loop
 * free between them, so a large file does not hold up other requests; the import is partial by
 * nature (each line stands alone), so a slice committing before the next changes nothing for it.
 */
export async function importZoneFile(
  db: Db,
  zone: ZoneRef,
  source: string,
  importProxied: boolean,
  now: Date,
  clock: SliceClock = sliceClock(),
): Promise<Outcome> {
  const { entries, problems } = await parseZoneFile(source, zone.name, clock)
  const added: Outcome['result']['added'] = []
  const refused: Outcome['result']['refused'] = problems.map((p) => ({
    line: p.line,
    text: p.text,
    code: 1004,
    message: p.message,
  }))
  const stamp = now.toISOString()

  const tryAdd = (e: ZoneFileEntry): ApiError | undefined => {
    if (e.type === 'SOA')
      return new ApiError(400, [{ code: 1004, message: 'The SOA record is automatic: this line was skipped.' }])
    try {
      const rec = prepareRecord(db, zone, entryToBody(e, importProxied))
      const id = newId()
      insertRecord(db, rec, { id, zoneId: zone.id, now: stamp })
      added.push({ line: e.line, id, type: rec.type, name: rec.name, content: rec.content })
      return undefined
    } catch (err) {
      if (err instanceof ApiError) return err
      throw err
    }
  }
  const refuse = (e: ZoneFileEntry, err: ApiError) => {
    const first = err.errors[0]
    const field = first.source?.pointer ? ` (${first.source.pointer.slice(1)})` : ''
    refused.push({ line: e.line, text: e.text, code: first.code, message: `${first.message}${field}` })
  }

  /** Tries every entry, a slice per transaction; returns those whose proxied CNAME chain is not complete yet. */
  const pass = async (list: ZoneFileEntry[]) => {
    const waiting: ZoneFileEntry[] = []
    for (let i = 0; i < list.length;) {
      db.transaction(() => {
        do {
          const e = list[i++]
          const err = tryAdd(e)
          if (err instanceof ChainError) waiting.push(e)
          else if (err) refuse(e, err)
        } while (i < list.length && !clock.due())
      })()
      if (i < list.length) await clock.pause()
    }
    return waiting
  }

  try {
    let waiting = await pass(entries)
    // Retry proxied CNAMEs whose chain ended at a name added later in the file, until nothing moves.
    while (waiting.length) {
      const still = await pass(waiting)
      if (still.length === waiting.length) {
        for (const e of still) {
          const err = tryAdd(e)
          if (err) refuse(e, err)
        }
        break
      }
      waiting = still
    }
  } catch (err) {
    // Cut short by the database itself (no room left: a practice copy at its quota, a full disk): the
    // slices already committed are taken back, so a failed import leaves nothing of itself behind.
    if (added.length) {
      const drop = db.prepare('DELETE FROM dns_records WHERE id = ?')
      db.transaction(() => added.forEach((a) => drop.run(a.id)))()
    }
    throw err
  }

  refused.sort((a, b) => a.line - b.line)
  added.sort((a, b) => a.line - b.line)
  return {
    result: { recs_added: added.length, total_records_parsed: entries.length, added, refused },
    messages: refused.map((r) => ({ code: r.code, message: `Line ${r.line}: ${r.message}` })),
  }
}
