import type { Hono } from 'hono'
import { csvCell } from '../../shared/page-shield/csv'
import { coverageSentence, RECORD_SEARCH_CSV_COLUMNS, RECORD_SEARCH_PER_PAGE, type RecordMatch } from '../../shared/search/record-search'
import { actorOf } from '../auth/actor'
import { jsonOk } from '../http/envelope'
import { localQuery } from '../local/read-body'
import type { IndexedRecord, RecordSearch, Store } from '../store'

const SEARCH_PATH = '/api/local/search/records' as const
const CSV_BATCH = 1000

const matchOf = (r: IndexedRecord): RecordMatch => ({
  zone_id: r.zone_id,
  zone_name: r.zone_name,
  account_id: r.account_id,
  id: r.record_id,
  type: r.type,
  name: r.name,
  content: r.content,
  proxied: r.proxied === null ? null : r.proxied === 1,
  ttl: r.ttl,
  comment: r.comment,
  tags: r.tags ? r.tags.split('\n') : [],
  read_at: r.read_at,
})

const csvLine = (m: RecordMatch) =>
  RECORD_SEARCH_CSV_COLUMNS.map((k) => csvCell(k === 'read_at' ? new Date(m.read_at).toISOString() : (m[k] as Parameters<typeof csvCell>[0]))).join(',') + '\r\n'

/** "14:02 UTC" (the server does not know the reader's time zone: the CSV says UTC). */
const utcTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'

/**
 * `GET /api/local/search/records`: the record index searched within the zones the signed-in person
 * may see (their scope is applied here, in the query, so no match or count of another zone is ever
 * read), with exact counts and what the search covered; `format=csv` streams every match.
 */
export function registerSearchRoutes(app: Hono, store: Store, owner: string): void {
  const idx = store.recordIndex
  app.get(SEARCH_PATH, async (c) => {
    const v = localQuery(c, 'GET', SEARCH_PATH)
    const zones = actorOf(c).person.zones
    const scope = zones === '*' ? '*' : zones.map((z) => z.toLowerCase())
    const q: RecordSearch = { text: v.q ?? '', field: v.field ?? 'any', type: v.type, scope }
    if (v.format === 'csv') {
      const [coverage, total] = await Promise.all([idx.coverage(owner, scope), idx.count(owner, q)])
      const encoder = new TextEncoder()
      let offset = 0
      let head = true
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (head) {
            head = false
            // What the file covers, stated before its rows (a comment line: it starts with #, never a formula).
            const said = `# ${coverageSentence(coverage, utcTime)} ${total.toLocaleString('en-US')} matching records.`
            controller.enqueue(encoder.encode(`${csvCell(said)}\r\n${RECORD_SEARCH_CSV_COLUMNS.join(',')}\r\n`))
            return
          }
          const rows = await idx.search(owner, q, offset, CSV_BATCH, total)
          offset += rows.length
          if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => csvLine(matchOf(r))).join('')))
          if (rows.length < CSV_BATCH) controller.close()
        },
      })
      return new Response(stream, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="dns-record-search.csv"',
          'x-zonekeeper-rows': String(total),
        },
      })
    }
    const page = v.page ?? 1
    const [{ total, items }, coverage] = await Promise.all([idx.page(owner, q, (page - 1) * RECORD_SEARCH_PER_PAGE, RECORD_SEARCH_PER_PAGE), idx.coverage(owner, scope)])
    return jsonOk({ items: items.map(matchOf), total_count: total, page, per_page: RECORD_SEARCH_PER_PAGE, coverage })
  })
}
