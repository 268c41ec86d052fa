import { parsedAnswer } from '../http/pipeline'
import type { Store } from '../store'
import type { Forward, ForwardRequest } from '../upstream'
import type { WriteCommand } from '../write/command'
import { isRecord, knownZone, recordFields, type ApiRecord } from './records'

const LIST = /^\/zones\/([0-9a-f]{32})\/dns_records$/i
const ONE = /^\/zones\/([0-9a-f]{32})\/dns_records\/([^/]+)$/i
const BATCH = /^\/zones\/([0-9a-f]{32})\/dns_records\/batch$/i
/** Writes whose answer does not say which records they made: the zone is read again first. */
const UNFOLLOWED = /^\/zones\/([0-9a-f]{32})\/dns_records\/(import|scan\/review)$/i
/** Query keys that do not narrow a listing: with only these, page 1 holding the whole count is the whole zone. */
const NOT_FILTERS = new Set(['page', 'per_page', 'order', 'direction'])

interface ListAnswer {
  result?: unknown
  result_info?: { page?: number; total_count?: number }
}

/**
 * Keeps the index fresh from what the dashboard sees anyway, at no extra call: a person's listing of a
 * zone's records (a whole listing replaces the zone's rows and marks it read now; a page or a filtered
 * listing adds what it holds) and the dashboard's own DNS writes (their answers, at once). Only the
 * live side (or the sandbox) is indexed: a practice copy never is.
 */
export function freshness(store: Store, owner: string, now: () => number, log?: (line: string) => void) {
  const idx = store.recordIndex
  const pending = new Set<Promise<void>>()
  const track = (p: Promise<void>) => {
    const done = p.catch((err: unknown) => log?.(`record index: ${err instanceof Error ? err.message : String(err)}`)).finally(() => pending.delete(done))
    pending.add(done)
  }

  async function sawListing(req: ForwardRequest, res: Response) {
    const [path, query = ''] = req.pathAndQuery.split('?')
    const zoneId = LIST.exec(path)?.[1]?.toLowerCase()
    if (!zoneId) return
    const answer = (await parsedAnswer(res)) as ListAnswer | null
    const items = Array.isArray(answer?.result) ? answer.result.filter(isRecord) : undefined
    if (!items) return
    const at = now()
    // Only a zone the index knows (the reader's zone list names it): a person's read never costs a call more.
    const zone = await knownZone(store, owner, zoneId)
    if (!zone) return
    const params = new URLSearchParams(query)
    const unfiltered = [...params.keys()].every((k) => NOT_FILTERS.has(k))
    const info = answer?.result_info
    const whole = unfiltered && (info?.page ?? 1) === 1 && info?.total_count === items.length
    if (whole) await idx.replaceZone(owner, zone, items.map(recordFields), at)
    else await idx.upsertRecords(owner, zone, items.map(recordFields), at)
  }

  return {
    /** The app's forward, watching the API door's reads of a zone's records (in the background: the answer is not held). */
    watchReads(inner: Forward): Forward {
      return (req, c) => {
        const answer = inner(req, c)
        // Only a person's own read at the door (not the audit's reads around a write, whose answer may land after the write's).
        if (req.method !== 'GET' || c.req.method !== 'GET' || req.matched?.endpoint.path !== '/zones/:zone_id/dns_records' || c.get('zkPractice') !== undefined) return answer
        return answer.then((res) => {
          if (res.ok) track(sawListing(req, res))
          return res
        })
      }
    },

    /** After a DNS write succeeded (the write command's last step): its records as answered, in the index now. */
    async wrote(cmd: WriteCommand, res: Response): Promise<void> {
      if (cmd.target.practice !== null || res.status >= 400) return
      const path = cmd.path
      const method = cmd.method.toUpperCase()
      const at = now()
      const unfollowed = UNFOLLOWED.exec(path)
      if (unfollowed) return idx.markUnread(owner, unfollowed[1].toLowerCase())
      const batch = BATCH.exec(path)
      const list = LIST.exec(path)
      const one = batch || UNFOLLOWED.test(path) ? null : ONE.exec(path)
      const zoneId = (batch ?? list ?? one)?.[1]?.toLowerCase()
      if (!zoneId) return
      const answer = (await parsedAnswer(res)) as { result?: unknown } | null
      const result = answer?.result
      const upsert = async (records: ApiRecord[]) => {
        if (!records.length) return
        // A zone the index does not know yet is the reader's to read whole: no call from a write either.
        const zone = await knownZone(store, owner, zoneId)
        if (zone) await idx.upsertRecords(owner, zone, records.map(recordFields), at)
      }
      if (batch && method === 'POST') {
        const r = (result ?? {}) as Record<string, unknown>
        const list = (k: string) => (Array.isArray(r[k]) ? (r[k] as unknown[]) : [])
        await idx.removeRecords(owner, zoneId, list('deletes').map((d) => (d as { id?: unknown }).id).filter((id): id is string => typeof id === 'string'))
        await upsert([...list('patches'), ...list('puts'), ...list('posts')].filter(isRecord))
      } else if (list && method === 'POST' && isRecord(result)) {
        await upsert([result])
      } else if (one && (method === 'PUT' || method === 'PATCH') && isRecord(result)) {
        await upsert([result])
      } else if (one && method === 'DELETE') {
        await idx.removeRecords(owner, zoneId, [decodeURIComponent(one[2])])
      }
    },

    /** Waits for the reads being indexed in the background (tests; shutdown). */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all([...pending])
    },
  }
}


