import type { Context, Hono } from 'hono'
import { randomUUID } from 'node:crypto'
import { csvCell } from '../../shared/page-shield/csv'
import { SCRIPTS_CSV_COLUMNS, scriptCsvRecord } from '../../shared/page-shield/scripts-csv'
import { RESOURCE_STATUSES } from '../../shared/lists/page-shield'
import { INDEX_DEFAULT_PER_PAGE, type ScriptIndexParams } from '../../shared/lists/page-shield-index'
import { commaItems, listOf } from '../../shared/lists/query'
import { hexIdSchema } from '../../shared/schemas/common'
import type { PageShieldScript } from '../../shared/schemas/page-shield'
import type { ReviewEntry } from '../../shared/schemas/page-shield-review'
import { jsonError, jsonOk } from '../http/envelope'
import { ledgerZone } from '../practice/ledger'
import type { ScriptIndexCounts, ScriptIndexQuery, ScriptIndexRow, Store } from '../store'
import type { ScriptIndexState } from '../store/script-index'
import { ListReadError, listPages, readEnvelope } from '../page-shield/list-pages'
import { sendFor, type Forward } from '../upstream'
import { localQuery } from './read-body'
import { onPaymentPage, paymentPatterns, registerPagePatternRoutes } from './page-patterns'

export const SCRIPT_INDEX_BASE = '/api/local/zones/:zone_id/page-shield/script-index' as const

export interface ScriptIndexOptions {
  /** The same forward the API door uses: sandbox emulator, live API, or a practising person's emulator. */
  forward: Forward
  mode: 'live' | 'sandbox'
  now?: () => number
  /** An index older than this is brought up to date (newest sightings first) before answering. */
  freshMs?: number
  /** Every so often the whole list is read again (scripts gone, statuses moved). */
  fullSweepMs?: number
  /**
   * A zone's first build waits this long for its answer; past it the build goes on and the answer
   * says how far it is ("Indexing scripts: 8,000 of 20,000"), never a partial count as whole.
   */
  firstBuildWaitMs?: number
  /**
   * How long a refresh's lease holds (default 2 minutes); the refresh renews it at every page it
   * reads, so only a refresh that stalls this long on one page loses it to the next request.
   */
  leaseMs?: number
}

/** The index has never been read whole yet: how many scripts of how many the build has read. */
export interface IndexBuilding {
  building: { seen: number; total: number }
}

/** How many reviewed scripts each refresh reads again one by one (least recently read first). */
const LEDGER_CHECKS_PER_REFRESH = 50
/** Page-URL filters ask the API which scripts match; past this many, the answer says to narrow. */
const MAX_PAGE_URL_MATCHES = 20_000
const PER_PAGE = 100
/** Every status: the index holds the whole zone (cdn-cgi URLs left out, as the lists do by default). */
const LIST_QUERY = { status: 'active,infrequent,inactive', order_by: 'last_seen_at', direction: 'desc' }
const LEASE_MS = 120_000

/** The refresh's lease lapsed and another refresh took it: this one stops, writing nothing more. */
export class LeaseLost extends Error {
  constructor() {
    super('The index refresh lost its lease to another refresh.')
  }
}

type Item = PageShieldScript & { versions?: unknown; page_urls?: string[] }

/** How many scripts match the view: its review filter applied to the counts. */
const matching = (q: ScriptIndexQuery, counts: ScriptIndexCounts) =>
  q.review ? (q.review === 'needs' ? counts.new + counts.changed + counts.investigating : counts[q.review]) : counts.total

const csvLine = (record: Record<string, unknown>) =>
  SCRIPTS_CSV_COLUMNS.map((c) => csvCell(record[c] as Parameters<typeof csvCell>[0])).join(',') + '\r\n'

/**
 * The index's view of the route's query (`scriptIndexQuery`, shared with the scripts page that
 * sends it): statuses default to the API's active (all three: no status filter), comma lists as
 * their items, paging with the index's defaults.
 */
export function scriptIndexView(v: ScriptIndexParams) {
  const statuses = [...new Set(listOf(v.status ?? 'active'))]
  const q: ScriptIndexQuery = {
    statuses: statuses.length === RESOURCE_STATUSES.length ? [] : statuses,
    hosts: commaItems(v.hosts),
    urls: commaItems(v.urls),
    maliciousOnly: v.malicious_only === true,
    review: v.review,
    orderBy: v.order_by ?? 'last_seen_at',
    direction: v.direction ?? 'desc',
    maliciousFirst: v.prioritize_malicious === true,
  }
  return {
    q,
    pageUrls: commaItems(v.page_url),
    payment: v.payment_only === true,
    refresh: v.refresh,
    page: v.page ?? 1,
    perPage: v.per_page ?? INDEX_DEFAULT_PER_PAGE,
  }
}

/**
 * The index of a zone's scripts: filled from the API's scripts list through the same
 * forward as every API call of the request (so a practising session indexes its own emulator, never
 * the live zone), refreshed when older than `freshMs` (newest sightings first, until rows already
 * known), swept whole every `fullSweepMs`, and joined with the review ledger for exact counts,
 * filtered pages and a complete CSV.
 */
export function registerScriptIndexRoutes(app: Hono, store: Store, options: ScriptIndexOptions): void {
  const now = options.now ?? Date.now
  const freshMs = options.freshMs ?? 15_000
  const fullSweepMs = options.fullSweepMs ?? 10 * 60_000
  const firstBuildWaitMs = options.firstBuildWaitMs ?? 2_000
  const leaseMs = options.leaseMs ?? LEASE_MS
  const idx = store.scriptIndex
  /**
   * Renews `holder`'s lease before each page's writes: a build of 200 pages outlasts any fixed lease
   * under load, and a lapsed lease lets the next request start a second build over the first. A
   * renewal refused (the lease lapsed and was taken, or was released) stops this refresh.
   */
  const keepLease = async (owner: string, holder: string) => {
    if (!(await idx.renew(owner, holder, now(), leaseMs))) throw new LeaseLost()
  }

  const keysOf = (c: Context, zoneId: string) => {
    const practice = c.get('zkPractice')?.key
    const ledgerKey = ledgerZone(practice, zoneId)
    return { owner: `${practice === undefined ? options.mode : 'practice'}:${ledgerKey}`, ledgerKey }
  }

  registerPagePatternRoutes(app, store, { keysOf, now, freshen: (c, zoneId) => ensureFresh(c, zoneId, undefined) })

  const sendOf = (c: Context) => sendFor(options.forward, c)
  const listPath = (zoneId: string) => `/zones/${zoneId}/page_shield/scripts`
  /** The pages of the zone's scripts list (every status), newest sightings first unless `extra` says otherwise. */
  const pagesOf = (c: Context, zoneId: string, extra: Record<string, string> = {}) =>
    listPages<Item>(sendOf(c), listPath(zoneId), { ...LIST_QUERY, ...extra }, { perPage: PER_PAGE })

  const toRow = (owner: string, s: Item, sweep: number, at: number): ScriptIndexRow => {
    const { versions: _versions, ...item } = s
    const pages = s.page_urls?.length ? s.page_urls : s.first_page_url ? [s.first_page_url] : []
    return {
      owner,
      script_id: s.id,
      url: s.url,
      host: s.host.toLowerCase(),
      status: s.status ?? 'active',
      hash: s.hash ?? null,
      js_integrity_score: s.js_integrity_score ?? null,
      reported: s.domain_reported_malicious || s.url_reported_malicious ? 1 : 0,
      first_seen_at: s.first_seen_at,
      last_seen_at: s.last_seen_at,
      page_urls: pages.map((p) => p.toLowerCase()).join('\n'),
      data: JSON.stringify(item),
      sweep,
      checked_at: at,
    }
  }

  /** Every page of the list; rows it did not see are dropped only when it saw as many as the list holds. */
  async function fullSweep(c: Context, zoneId: string, owner: string, holder: string, sweep: number, first = false) {
    let seen = 0
    let total = 0
    for await (const p of pagesOf(c, zoneId, { order_by: 'first_seen_at', direction: 'asc' })) {
      await keepLease(owner, holder)
      total = p.totalCount ?? 0
      await idx.upsert(p.items.map((s) => toRow(owner, s, sweep, now())))
      seen = p.seen
      // The first build says how far it is, for the pages waiting on it (any instance reads it from the store).
      if (first) await idx.progress(owner, seen, total)
    }
    return seen >= total
  }

  /** Newest sightings first, until a page holds nothing the index does not already know as it is. */
  async function incremental(c: Context, zoneId: string, owner: string, holder: string, sweep: number): Promise<boolean> {
    let listed = -1
    for await (const p of pagesOf(c, zoneId)) {
      await keepLease(owner, holder)
      if (p.page === 1) listed = p.totalCount ?? -1
      const known = new Map((await idx.known(owner, p.items.map((s) => s.id))).map((k) => [k.script_id, k]))
      const changed = p.items.filter((s) => {
        const k = known.get(s.id)
        return (
          !k ||
          k.last_seen_at !== s.last_seen_at ||
          k.hash !== (s.hash ?? null) ||
          k.js_integrity_score !== (s.js_integrity_score ?? null) ||
          k.status !== (s.status ?? 'active')
        )
      })
      await idx.upsert(changed.map((s) => toRow(owner, s, sweep, now())))
      if (changed.length === 0) break
    }
    // As many rows as the list holds, or scripts went away (purged, a sandbox reset): then a full sweep.
    return listed === (await idx.count(owner))
  }

  /** Reviewed scripts read again one by one: a new version is seen whatever the script's place in the list. */
  async function checkLedger(c: Context, zoneId: string, owner: string, holder: string, ledgerKey: string, sweep: number) {
    for (const id of await idx.reviewedToCheck(owner, ledgerKey, LEDGER_CHECKS_PER_REFRESH)) {
      try {
        const { result } = await readEnvelope<Item>(sendOf(c), `${listPath(zoneId)}/${id}`)
        await keepLease(owner, holder)
        await idx.upsert([toRow(owner, result, sweep, now())])
      } catch (err) {
        // Gone from the zone: the next full sweep drops it. Anything else stops the refresh.
        if (!(err instanceof ListReadError && err.status === 404)) throw err
      }
    }
  }

  const buildingOf = async (owner: string): Promise<IndexBuilding> => {
    const s = await idx.state(owner)
    return { building: { seen: s?.progress_seen ?? 0, total: s?.progress_total ?? 0 } }
  }

  /** What a refresh has to do, from the index's state. */
  const plan = (state: ScriptIndexState | undefined, t: number, force: 'full' | 'quick' | undefined) => {
    const needFull = force === 'full' || !state || state.full_sweep_at === 0 || t - state.full_sweep_at > fullSweepMs
    return { needFull, needQuick: needFull || force === 'quick' || t - state.refreshed_at > freshMs }
  }

  /**
   * Brings the index up to date when it is stale (one refresher per owner, decided by the store).
   * A zone never read whole answers, past `firstBuildWaitMs`, with how far its first build is.
   */
  async function ensureFresh(c: Context, zoneId: string, force: 'full' | 'quick' | undefined): Promise<IndexBuilding | undefined> {
    const { owner, ledgerKey } = keysOf(c, zoneId)
    const seen = await idx.state(owner)
    const t = now()
    if (!plan(seen, t, force).needQuick) return
    const first = !seen || seen.full_sweep_at === 0
    // Each refresh holds the lease under a name of its own: only it ends or gives it back.
    const holder = randomUUID()
    if (!(await idx.claim(owner, holder, t, leaseMs))) {
      // Someone else builds the index for the first time: say how far they are.
      if (first) return buildingOf(owner)
      // Someone else refreshes: wait for their result (or their lease to run out).
      for (let i = 0; i < leaseMs / 250; i++) {
        await new Promise((r) => setTimeout(r, 250))
        const s = await idx.state(owner)
        if (!s || s.lease_until < now()) return
      }
      return
    }
    // Read again under the lease: a refresh that ended between the read above and the claim (its lease
    // given back just before) did the work already, and a first build started over it would send the
    // progress back to the beginning. A refresh asked for is done when one of its kind ended since.
    const state = await idx.state(owner)
    const since = (a: number | undefined, b: number | undefined) => (a ?? 0) !== (b ?? 0)
    const asked = force === 'full' ? !since(state?.full_sweep_at, seen?.full_sweep_at) : force === 'quick' ? !since(state?.refreshed_at, seen?.refreshed_at) : false
    const { needFull, needQuick } = plan(state, now(), asked ? force : undefined)
    if (!needQuick) {
      await idx.release(owner, holder)
      return
    }
    const job = refresh(c, zoneId, owner, holder, ledgerKey, state?.sweep ?? 0, needFull, first)
    if (!first) {
      await job
      return
    }
    // A build that lost its lease read part of the zone: the answer is then the building one's progress.
    const done = job
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<false>((r) => (timer = setTimeout(() => r(false), firstBuildWaitMs)))
    try {
      if (await Promise.race([done, waited])) return
    } finally {
      clearTimeout(timer)
    }
    // It goes on after this answer; a failure gave the lease back, and the next request starts again.
    done.catch(() => undefined)
    return buildingOf(owner)
  }

  /** Resolves true once finished, false when it lost its lease to another refresh (which goes on). */
  async function refresh(c: Context, zoneId: string, owner: string, holder: string, ledgerKey: string, lastSweep: number, needFull: boolean, first: boolean): Promise<boolean> {
    let finished: boolean
    try {
      const sweep = lastSweep + (needFull ? 1 : 0)
      if (needFull) {
        const complete = await fullSweep(c, zoneId, owner, holder, sweep, first)
        await checkLedger(c, zoneId, owner, holder, ledgerKey, sweep)
        // An incomplete sweep (the list moved under it) drops nothing: its rows stay until a complete one.
        finished = await idx.finish(owner, holder, { now: now(), sweep: complete ? sweep : undefined })
      } else {
        if (await incremental(c, zoneId, owner, holder, sweep)) {
          await checkLedger(c, zoneId, owner, holder, ledgerKey, sweep)
          finished = await idx.finish(owner, holder, { now: now() })
        } else {
          const complete = await fullSweep(c, zoneId, owner, holder, sweep + 1)
          await checkLedger(c, zoneId, owner, holder, ledgerKey, sweep + 1)
          finished = await idx.finish(owner, holder, { now: now(), sweep: complete ? sweep + 1 : undefined })
        }
      }
    } catch (err) {
      // A refresh that lost its lease stops quietly: the one that took it goes on, and this request
      // answers from the index as it stands (or, in a first build, with that build's progress).
      if (err instanceof LeaseLost) return false
      await idx.release(owner, holder)
      throw err
    }
    // Its lease was taken meanwhile (it lapsed between two pages): the store kept nothing of its end.
    if (!finished) return false
    // Scripts seen since that a pattern verdict in force matches inherit it (store/page-patterns.ts).
    await store.pagePatterns.grant(owner, ledgerKey)
    return true
  }

  /** The view's filters, read by the route's one declaration before the handler ran (the CSV's ignores paging). */
  const parseQuery = (c: Context, csv: boolean) =>
    scriptIndexView(csv ? localQuery(c, 'GET', `${SCRIPT_INDEX_BASE}/export.csv`) : localQuery(c, 'GET', SCRIPT_INDEX_BASE))

  /** Page-URL filters: which scripts the API says were seen on those pages (every page of its answer). */
  async function pageUrlIds(c: Context, zoneId: string, patterns: string[]): Promise<string[]> {
    const ids: string[] = []
    for await (const p of pagesOf(c, zoneId, { page_url: patterns.join(',') })) {
      if ((p.totalCount ?? 0) > MAX_PAGE_URL_MATCHES) throw new TooMany(p.totalCount ?? 0)
      ids.push(...p.items.map((s) => s.id))
    }
    return ids
  }
  class TooMany extends Error {
    constructor(readonly total: number) {
      super('too many')
    }
  }

  const failure = (err: unknown): Response => {
    if (err instanceof TooMany)
      return jsonError(400, 1001, `The page filter matches ${err.total} scripts; narrow it to at most ${MAX_PAGE_URL_MATCHES}.`)
    if (err instanceof ListReadError) {
      // The API's own refusal (zone not found, not allowed...) as it gave it; anything else is a bad gateway.
      if (err.status >= 400 && err.status < 500 && err.body)
        return new Response(err.body, { status: err.status, headers: { 'content-type': 'application/json' } })
      return jsonError(502, 1002, `The API answered ${err.status} while the scripts were being read.`)
    }
    throw err
  }

  /**
   * The scripts seen on a payment page: every page the index holds for each (the API's page URLs
   * of the script; for most only the first page it was seen on), matched by the shared rule.
   * Kept while the index and the payment pages stay as they are.
   */
  const paymentCache = new Map<string, Set<string>>()
  async function paymentIds(owner: string, ledgerKey: string, patterns: Awaited<ReturnType<typeof paymentPatterns>>) {
    if (!patterns.length) return new Set<string>()
    const state = await idx.state(owner)
    const key = JSON.stringify([owner, ledgerKey, patterns.map((p) => p.pattern), state?.refreshed_at, state?.full_sweep_at])
    const hit = paymentCache.get(key)
    if (hit) return hit
    const ids = new Set<string>()
    for (const r of await idx.pages(owner)) if (onPaymentPage(patterns, r.page_urls.split('\n').filter(Boolean))) ids.add(r.script_id)
    if (paymentCache.size >= 20) paymentCache.delete(paymentCache.keys().next().value!)
    paymentCache.set(key, ids)
    return ids
  }

  /** Where the request's zone, filters and the index stand; a Response when they cannot be answered. */
  async function prepare(c: Context, csv = false) {
    const zoneId = c.req.param('zone_id') ?? ''
    if (!hexIdSchema.safeParse(zoneId).success) return jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')
    const parsed = parseQuery(c, csv)
    try {
      const building = await ensureFresh(c, zoneId, parsed.refresh)
      if (building) return building
      let ids = parsed.pageUrls?.length ? await pageUrlIds(c, zoneId, parsed.pageUrls) : undefined
      const { owner, ledgerKey } = keysOf(c, zoneId)
      const payment = await paymentPatterns(store, ledgerKey)
      const unscoped = { ...parsed.q, ids }
      if (parsed.payment) {
        const onPayment = await paymentIds(owner, ledgerKey, payment)
        ids = ids ? ids.filter((id) => onPayment.has(id)) : [...onPayment]
      }
      const q = { ...parsed.q, ids }
      return { zoneId, owner, ledgerKey, q, unscoped: parsed.payment ? unscoped : undefined, payment: payment.map((p) => p.pattern), page: parsed.page, perPage: parsed.perPage }
    } catch (err) {
      return failure(err)
    }
  }

  const toEntry = (zoneId: string, r: PageRow): ReviewEntry | undefined =>
    r.review_id === null
      ? undefined
      : {
          id: Number(r.review_id),
          zone_id: zoneId,
          script_id: r.script_id,
          verdict: r.verdict as ReviewEntry['verdict'],
          note: r.note ?? '',
          reviewer: r.reviewer ?? '',
          reviewed_at: r.reviewed_at ?? '',
          pattern: r.review_pattern_id === null || r.review_pattern_id === undefined ? null : { id: Number(r.review_pattern_id), pattern: r.review_pattern ?? '' },
          script: {
            url: '',
            host: '',
            hash: r.review_hash,
            js_integrity_score: r.review_score,
            malware_score: null,
            magecart_score: null,
            cryptomining_score: null,
          },
        }
  type PageRow = Awaited<ReturnType<typeof idx.page>>[number]

  /**
   * Counts of a view, kept while neither the index (its refresh time) nor the ledger (its newest
   * review) has moved: both are read from the store each time, so another process's refresh or
   * review is seen at once; the cache only spares counting 20,000 rows again for the same answer.
   */
  const counted = new Map<string, ScriptIndexCounts>()
  async function countsOf(owner: string, ledgerKey: string, q: ScriptIndexQuery & { ids?: readonly string[] }) {
    const [state, mark, patterns] = await Promise.all([idx.state(owner), idx.ledgerMark(ledgerKey), store.pagePatterns.patterns.mark(ledgerKey)])
    // The patterns in force too: one expiring or removed changes the counts without a new review.
    const key = JSON.stringify([owner, ledgerKey, { ...q, review: undefined }, state?.refreshed_at, state?.full_sweep_at, mark, patterns])
    const hit = counted.get(key)
    if (hit) return hit
    const counts = await idx.counts(owner, ledgerKey, q)
    if (counted.size >= 200) counted.delete(counted.keys().next().value!)
    counted.set(key, counts)
    return counts
  }

  app.get(SCRIPT_INDEX_BASE, async (c) => {
    const p = await prepare(c)
    if (p instanceof Response) return p
    // Never a partial count as whole: until the index was read whole once, the answer is how far it is.
    if ('building' in p) return c.json({ result: p, success: true, errors: [], messages: [] }, 202)
    const { page, perPage } = p
    const [rows, counts, state, of] = await Promise.all([
      idx.page(p.owner, p.ledgerKey, p.q, (page - 1) * perPage, perPage),
      countsOf(p.owner, p.ledgerKey, p.q),
      idx.state(p.owner),
      p.unscoped ? countsOf(p.owner, p.ledgerKey, p.unscoped).then((u) => u.total) : undefined,
    ])
    return jsonOk({
      items: rows.map((r) => JSON.parse(r.data) as PageShieldScript),
      total_count: matching(p.q, counts),
      page,
      per_page: perPage,
      counts,
      index: { refreshed_at: state?.refreshed_at ?? 0, full_sweep_at: state?.full_sweep_at ?? 0 },
      // The payment pages of the zone; scoped to them, how many scripts the view holds without that scope.
      payment: { patterns: p.payment, ...(of === undefined ? {} : { of }) },
    })
  })

  // Every script matching the view, read from the index in pages of 1,000 and streamed: no cap.
  app.get(`${SCRIPT_INDEX_BASE}/export.csv`, async (c) => {
    const p = await prepare(c, true)
    if (p instanceof Response) return p
    if ('building' in p) {
      const { seen, total } = p.building
      return jsonError(
        409,
        1004,
        `The dashboard is still indexing this zone's scripts (${seen.toLocaleString('en-US')} of ${total ? total.toLocaleString('en-US') : 'an unknown number'} read): nothing was exported. Try again once it is done.`,
      )
    }
    const total = matching(p.q, await idx.counts(p.owner, p.ledgerKey, p.q))
    const encoder = new TextEncoder()
    let offset = 0
    let sentHeader = false
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sentHeader) {
          sentHeader = true
          controller.enqueue(encoder.encode(SCRIPTS_CSV_COLUMNS.join(',') + '\r\n'))
          return
        }
        const rows = await idx.page(p.owner, p.ledgerKey, p.q, offset, 1000)
        offset += rows.length
        if (rows.length) {
          const text = rows
            .map((r) => csvLine(scriptCsvRecord(JSON.parse(r.data) as PageShieldScript, toEntry(p.zoneId, r))))
            .join('')
          controller.enqueue(encoder.encode(text))
        }
        if (rows.length < 1000) controller.close()
      },
    })
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="scripts-${p.zoneId}.csv"`,
        // How many rows the file holds (the scripts matching when it was asked for), for a progress bar.
        'x-zonekeeper-rows': String(total),
      },
    })
  })
}
