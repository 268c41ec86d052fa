import type { Context, Hono } from 'hono'
import { randomUUID } from 'node:crypto'
import { RESOURCE_STATUSES } from '../../shared/lists/page-shield'
import { INDEX_DEFAULT_PER_PAGE, type ConnectionIndexParams } from '../../shared/lists/page-shield-index'
import { commaItems, listOf } from '../../shared/lists/query'
import { threatFingerprint } from '../../shared/page-shield/connection-review'
import { hexIdSchema } from '../../shared/schemas/common'
import type { PageShieldConnection } from '../../shared/schemas/page-shield'
import type { ConnectionReviewEntry } from '../../shared/schemas/page-shield-review'
import { setAuditDetails } from '../audit'
import { actorOf } from '../auth'
import { jsonError, jsonOk, PROXY_CODES } from '../http/envelope'
import { writeRefusal } from '../http/guard'
import { ListReadError, listPages, readEnvelope } from '../page-shield/list-pages'
import { ledgerZone } from '../practice/ledger'
import type { ConnectionIndexCounts, ConnectionIndexQuery, ConnectionIndexRow, ConnectionReviewRow, Store } from '../store'
import { sendFor } from '../upstream'
import { localBody, localQuery } from './read-body'
import type { ScriptIndexOptions } from './script-index'

export const CONNECTION_REVIEWS_BASE = '/api/local/zones/:zone_id/page-shield/connection-reviews' as const
export const CONNECTION_INDEX_BASE = '/api/local/zones/:zone_id/page-shield/connection-index' as const

const LEASE_MS = 120_000
const PER_PAGE = 100

const list = (v: string) => {
  try {
    const parsed: unknown = JSON.parse(v)
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

/** A ledger row as the browser reads it: `zoneId` as the page names the zone. */
export const connectionEntry = (r: ConnectionReviewRow, zoneId: string): ConnectionReviewEntry => ({
  id: r.id,
  zone_id: zoneId,
  connection_id: r.connection_id,
  verdict: r.verdict as ConnectionReviewEntry['verdict'],
  note: r.note,
  reviewer: r.reviewer,
  reviewed_at: r.reviewed_at,
  connection: {
    url: r.connection_url,
    host: r.connection_host,
    status: r.connection_status,
    url_reported_malicious: r.url_reported_malicious === 1,
    domain_reported_malicious: r.domain_reported_malicious === 1,
    malicious_url_categories: list(r.malicious_url_categories),
    malicious_domain_categories: list(r.malicious_domain_categories),
  },
})

/**
 * The index's view of the route's query (`connectionIndexQuery`, shared with the connections page
 * that sends it): statuses default to the API's active (all three: no status filter), comma lists as
 * their items, paging with the index's defaults.
 */
export function connectionIndexView(v: ConnectionIndexParams) {
  const statuses = [...new Set(listOf(v.status ?? 'active'))]
  const q: ConnectionIndexQuery = {
    statuses: statuses.length === RESOURCE_STATUSES.length ? [] : statuses,
    hosts: commaItems(v.hosts),
    urls: commaItems(v.urls),
    review: v.review,
    orderBy: v.order_by ?? 'last_seen_at',
    direction: v.direction ?? 'desc',
    reportedFirst: v.prioritize_malicious === true,
  }
  return { q, pageUrls: commaItems(v.page_url), refresh: v.refresh, page: v.page ?? 1, perPage: v.per_page ?? INDEX_DEFAULT_PER_PAGE }
}

/**
 * Verdicts on connections, kept like the scripts' ledger: append-only, the
 * reviewer from the sign-in, and the connection's threat status read from the API by the server at
 * that moment (never taken from the form). The index of the zone's connections, read whole through
 * the request's own forward when older than `freshMs` (threat feeds change a connection without a
 * new sighting, so it is never read incrementally), gives exact "needs review" and "changed since
 * review" filters and counts.
 */
export function registerConnectionReviewRoutes(app: Hono, store: Store, options: ScriptIndexOptions, nowDate: () => Date = () => new Date()): void {
  const now = options.now ?? Date.now
  const freshMs = options.freshMs ?? 15_000
  const leaseMs = options.leaseMs ?? LEASE_MS
  const led = store.connections
  const keysOf = (c: Context, zoneId: string) => {
    const practice = c.get('zkPractice')?.key
    const ledgerKey = ledgerZone(practice, zoneId)
    return { owner: `${practice === undefined ? options.mode : 'practice'}:${ledgerKey}`, ledgerKey }
  }
  const badZone = () => jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')
  const zoneOf = (c: Context) => {
    const z = c.req.param('zone_id') ?? ''
    return hexIdSchema.safeParse(z).success ? z : undefined
  }

  const toRow = (owner: string, k: PageShieldConnection, sweep: number): ConnectionIndexRow => ({
    owner,
    connection_id: k.id,
    url: k.url,
    host: k.host.toLowerCase(),
    status: k.status ?? 'active',
    reported: k.url_reported_malicious || k.domain_reported_malicious ? 1 : 0,
    threat: threatFingerprint(k),
    first_seen_at: k.first_seen_at,
    last_seen_at: k.last_seen_at,
    data: JSON.stringify(k),
    sweep,
  })

  /** Reads the whole list when the index is older than `freshMs` (one refresher per owner, decided by the store). */
  async function ensureFresh(c: Context, zoneId: string, force: boolean) {
    const { owner } = keysOf(c, zoneId)
    const state = await led.state(owner)
    const t = now()
    if (!force && state && state.refreshed_at > 0 && t - state.refreshed_at <= freshMs) return
    // Each refresh holds the lease under a name of its own: only it ends or gives it back.
    const holder = randomUUID()
    if (!(await led.claim(owner, holder, t, leaseMs))) {
      for (let i = 0; i < leaseMs / 250; i++) {
        await new Promise((r) => setTimeout(r, 250))
        const s = await led.state(owner)
        if (!s || s.lease_until < now()) return
      }
      return
    }
    // Read again under the lease: a read that ended between the check above and the claim (its lease
    // given back just before) is as fresh as this one would be.
    const current = await led.state(owner)
    if ((current?.refreshed_at ?? 0) !== (state?.refreshed_at ?? 0)) {
      await led.release(owner, holder)
      return
    }
    try {
      const sweep = (state?.sweep ?? 0) + 1
      let seen = 0
      let total = 0
      const pages = listPages<PageShieldConnection>(
        sendFor(options.forward, c),
        `/zones/${zoneId}/page_shield/connections`,
        { status: 'active,infrequent,inactive', order_by: 'first_seen_at', direction: 'asc' },
        { perPage: PER_PAGE },
      )
      for await (const p of pages) {
        // Renewed at every page: a long read would otherwise outlast its lease and the next request
        // would read the whole list again over it. Lost (lapsed and taken): stop, writing nothing more.
        if (!(await led.renew(owner, holder, now(), leaseMs))) return
        total = p.totalCount ?? 0
        seen = p.seen
        await led.upsert(p.items.map((k) => toRow(owner, k, sweep)))
      }
      // A list that moved while it was read drops nothing: its rows stay until a complete read.
      await led.finish(owner, holder, { now: now(), sweep, complete: seen >= total })
    } catch (err) {
      await led.release(owner, holder)
      throw err
    }
  }

  const failure = (err: unknown): Response => {
    if (err instanceof ListReadError) {
      if (err.status >= 400 && err.status < 500 && err.body)
        return new Response(err.body, { status: err.status, headers: { 'content-type': 'application/json' } })
      return jsonError(502, 1002, `The API answered ${err.status} while the connections were being read.`)
    }
    throw err
  }

  app.get(CONNECTION_REVIEWS_BASE, async (c) => {
    const zoneId = zoneOf(c)
    if (!zoneId) return badZone()
    const { ledgerKey } = keysOf(c, zoneId)
    const id = localQuery(c, 'GET', CONNECTION_REVIEWS_BASE).connection_id
    if (id !== undefined) {
      return jsonOk((await led.history(ledgerKey, id)).map((r) => connectionEntry(r, zoneId)))
    }
    return jsonOk((await led.latest(ledgerKey)).map((r) => connectionEntry(r, zoneId)))
  })

  app.post(CONNECTION_REVIEWS_BASE, async (c) => {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    const zoneId = zoneOf(c)
    if (!zoneId) return badZone()
    const v = localBody(c, 'POST', CONNECTION_REVIEWS_BASE)
    setAuditDetails(c, { resourceId: v.connection_id })
    // What the reviewer judged: the connection as the API describes it now, read here (not sent by the form).
    let k: PageShieldConnection
    try {
      k = (await readEnvelope<PageShieldConnection>(sendFor(options.forward, c), `/zones/${zoneId}/page_shield/connections/${v.connection_id}`)).result
    } catch (err) {
      return failure(err)
    }
    const { person } = actorOf(c)
    const { owner, ledgerKey } = keysOf(c, zoneId)
    const row = await led.add({
      zone_id: ledgerKey,
      connection_id: k.id,
      verdict: v.verdict,
      note: v.note,
      reviewer: person.id ? `${person.displayName} (${person.username})` : person.displayName,
      reviewer_id: person.id,
      reviewed_at: nowDate().toISOString(),
      connection_url: k.url,
      connection_host: k.host,
      connection_status: k.status ?? null,
      url_reported_malicious: k.url_reported_malicious ? 1 : 0,
      domain_reported_malicious: k.domain_reported_malicious ? 1 : 0,
      malicious_url_categories: JSON.stringify(k.malicious_url_categories ?? []),
      malicious_domain_categories: JSON.stringify(k.malicious_domain_categories ?? []),
      threat: threatFingerprint(k),
    })
    // The index row too, so the verdict is compared with what was just read, not an older reading.
    const state = await led.state(owner)
    if (state) await led.upsert([toRow(owner, k, state.sweep)])
    return new Response(JSON.stringify({ result: connectionEntry(row, zoneId), success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })

  /** The view's filters, read by the route's one declaration before the handler ran. */
  const parseQuery = (c: Context) => connectionIndexView(localQuery(c, 'GET', CONNECTION_INDEX_BASE))

  const matching = (q: ConnectionIndexQuery, n: ConnectionIndexCounts) =>
    q.review ? (q.review === 'needs' ? n.new + n.changed + n.investigating : n[q.review]) : n.total

  app.get(CONNECTION_INDEX_BASE, async (c) => {
    const zoneId = zoneOf(c)
    if (!zoneId) return badZone()
    const parsed = parseQuery(c)
    const { q, pageUrls, refresh, page, perPage } = parsed
    try {
      await ensureFresh(c, zoneId, refresh === 'full')
      // A page filter: which connections the API says were made from those pages (every page of its answer).
      if (pageUrls?.length) {
        const ids: string[] = []
        const pages = listPages<PageShieldConnection>(
          sendFor(options.forward, c),
          `/zones/${zoneId}/page_shield/connections`,
          { status: 'active,infrequent,inactive', page_url: pageUrls.join(',') },
          { perPage: PER_PAGE },
        )
        for await (const p of pages) ids.push(...p.items.map((k) => k.id))
        q.ids = ids
      }
    } catch (err) {
      return failure(err)
    }
    const { owner, ledgerKey } = keysOf(c, zoneId)
    const [rows, counts, state] = await Promise.all([
      led.page(owner, ledgerKey, q, (page - 1) * perPage, perPage),
      led.counts(owner, ledgerKey, q),
      led.state(owner),
    ])
    return jsonOk({
      items: rows.map((r) => JSON.parse(r.data) as PageShieldConnection),
      states: Object.fromEntries(
        rows.map((r) => [r.connection_id, { state: r.state, verdict: r.verdict ?? null, reviewer: r.reviewer ?? null, reviewed_at: r.reviewed_at ?? null }]),
      ),
      total_count: matching(q, counts),
      page,
      per_page: perPage,
      counts,
      index: { refreshed_at: state?.refreshed_at ?? 0 },
    })
  })
}
