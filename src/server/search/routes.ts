import type { Context, Hono } from 'hono'
import { csvCell } from '../../shared/page-shield/csv'
import { coverageSentence, RECORD_SEARCH_CSV_COLUMNS, RECORD_SEARCH_PER_PAGE, type RecordMatch, type RecordSearchReply } from '../../shared/search/record-search'
import { actorOf } from '../auth/actor'
import { jsonOk } from '../http/envelope'
import { localQuery } from '../local/read-body'
import type { AccountScope as Reach } from '../accounts/scope'
import type { IndexedRecord, RecordSearch, Store } from '../store'
import { EVERY_ACCOUNT } from '../store'
import type { AccountScope, Coverage } from '../store/record-index'

const SEARCH_PATH = '/api/local/search/records' as const
const CSV_BATCH = 1000

const matchOf = (r: IndexedRecord, names: ReadonlyMap<string, string>): RecordMatch => ({
  zone_id: r.zone_id,
  zone_name: r.zone_name,
  account_id: r.account_id,
  account_name: names.get(r.account_id) ?? r.account_id,
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
  RECORD_SEARCH_CSV_COLUMNS.map((k) => csvCell(k === 'read_at' ? new Date(m.read_at).toISOString() : ((m[k] ?? '') as Parameters<typeof csvCell>[0]))).join(',') + '\r\n'

/** "14:02 UTC" (the server does not know the reader's time zone: the CSV says UTC). */
const utcTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'

const lower = (zones: '*' | readonly string[]): '*' | string[] => (zones === '*' ? '*' : zones.map((z) => z.toLowerCase()))

type SearchCoverage = Coverage & Pick<RecordSearchReply['coverage'], 'accounts' | 'unreached'>

/**
 * What the signed-in person may search, in every account: each account's own grant, else their
 * every-account grant (store/person-grants.ts); and what that covered, per account the dashboard
 * reaches. The local administrator (nobody defined) and a search without the estate: every zone, as
 * the request's actor says.
 */
export async function personScope(c: Context, store: Store, owner: string, estate: Pick<Reach, 'reached'> | undefined) {
  const actor = actorOf(c)
  // The estate as last resolved: no call is made for it (a stored credential's record is refreshed by the accounts list).
  const reached = estate ? await estate.reached().catch(() => []) : []
  const names = new Map(reached.map((a) => [a.id, a.name]))
  let every: '*' | string[] | null = lower(actor.person.zones)
  let own: AccountScope[] = []
  if (actor.kind === 'person' && estate) {
    const grants = await store.grants.of(actor.person.id)
    const zonesOf = (g: (typeof grants)[number]) => (g.role === 'admin' ? '*' : lower(g.zones))
    const g = grants.find((x) => x.account === EVERY_ACCOUNT)
    every = g ? zonesOf(g) : null
    own = grants.filter((x) => x.account !== EVERY_ACCOUNT).map((x) => ({ account_id: x.account, zones: zonesOf(x), named: true }))
  }
  const q = { scope: every, accounts: own }
  const coverage = async (): Promise<SearchCoverage> => {
    const ownOf = new Map(own.map((a) => [a.account_id, a]))
    const visible = reached.flatMap((a): AccountScope[] => {
      const mine = ownOf.get(a.id)
      return mine ? [mine] : every !== null ? [{ account_id: a.id, zones: every }] : []
    })
    const [legacy, lines, listed] = await Promise.all([store.recordIndex.coverage(owner, every ?? []), store.recordIndex.coverageByAccount(owner, visible), store.recordIndex.accountsListedAt(owner)])
    const accounts = lines.map((l) => ({ ...l, name: names.get(l.account_id) ?? l.account_id, zones_listed_at: listed.get(l.account_id) ?? null }))
    const unreached = own.filter((a) => !names.has(a.account_id)).map((a) => ({ account_id: a.account_id, name: a.account_id }))
    if (!own.length) {
      // Zones the search covers outside every account reached now (a credential since removed; names
      // granted but never listed): said as one more line, so the lines add up to what was searched.
      const rest = { in: legacy.zones_in_scope, read: legacy.zones_indexed }
      for (const a of accounts) {
        rest.in -= a.zones_in_scope
        rest.read -= a.zones_indexed
      }
      if (accounts.length && rest.in > 0) {
        accounts.push({ account_id: '', name: 'Zones of no account reached now', zones_in_scope: rest.in, zones_indexed: Math.max(0, rest.read), zones_not_read: Math.max(0, rest.in - rest.read), oldest_read_at: null, zones_listed_at: legacy.zones_listed_at })
      }
      return { ...legacy, accounts, unreached }
    }
    // Grants of their own: the totals are the accounts' (each zone counted in the account it is granted in).
    const sum = (k: 'zones_in_scope' | 'zones_indexed' | 'zones_not_read') => accounts.reduce((t, a) => t + a[k], 0)
    const oldest = accounts.flatMap((a) => (a.oldest_read_at === null ? [] : [a.oldest_read_at]))
    return {
      zones_in_scope: sum('zones_in_scope'),
      zones_indexed: sum('zones_indexed'),
      zones_not_read: sum('zones_not_read'),
      oldest_read_at: oldest.length ? Math.min(...oldest) : null,
      zones_listed_at: legacy.zones_listed_at,
      accounts,
      unreached,
    }
  }
  return { q, names, coverage }
}

/**
 * `GET /api/local/search/records`: the record index searched within the zones the signed-in person
 * may see, in every account (their grants are applied here, in the query, so no match or count of
 * another zone or account is ever read), with exact counts and what the search covered, per account;
 * `format=csv` streams every match.
 */
export function registerSearchRoutes(app: Hono, store: Store, owner: string, estate?: Pick<Reach, 'reached'>): void {
  const idx = store.recordIndex
  app.get(SEARCH_PATH, async (c) => {
    const v = localQuery(c, 'GET', SEARCH_PATH)
    const seen = await personScope(c, store, owner, estate)
    const q: RecordSearch = { text: v.q ?? '', field: v.field ?? 'any', type: v.type, ...seen.q }
    if (v.format === 'csv') {
      const [coverage, total] = await Promise.all([seen.coverage(), idx.count(owner, q)])
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
          if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => csvLine(matchOf(r, seen.names))).join('')))
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
    const [{ total, items }, coverage] = await Promise.all([idx.page(owner, q, (page - 1) * RECORD_SEARCH_PER_PAGE, RECORD_SEARCH_PER_PAGE), seen.coverage()])
    return jsonOk({ items: items.map((r) => matchOf(r, seen.names)), total_count: total, page, per_page: RECORD_SEARCH_PER_PAGE, coverage })
  })
}
