import type { Context, Hono } from 'hono'
import { toCsv } from '../../shared/page-shield/csv'
import { hexIdSchema } from '../../shared/schemas/common'
import type { PageShieldScriptDetail } from '../../shared/schemas/page-shield'
import type { ReviewEntry } from '../../shared/schemas/page-shield-review'
import { jsonError, jsonOk, PROXY_CODES } from '../http/envelope'
import { actorOf } from '../auth'
import { writeRefusal } from '../http/guard'
import { ListReadError, readEnvelope } from '../page-shield/list-pages'
import { ledgerZone } from '../practice/ledger'
import type { ConnectionReviewRow, ReviewRow, Store } from '../store'
import { sendFor, type Forward } from '../upstream'
import { localBody, localQuery } from './read-body'

/** `zoneId`: the zone as the page names it (a practice ledger keeps its rows under a key of its own). */
export const reviewEntry = (r: ReviewRow, zoneId: string): ReviewEntry => ({
  id: r.id,
  zone_id: zoneId,
  script_id: r.script_id,
  verdict: r.verdict as ReviewEntry['verdict'],
  note: r.note,
  reviewer: r.reviewer,
  reviewed_at: r.reviewed_at,
  pattern: r.pattern_id === null || r.pattern_id === undefined ? null : { id: Number(r.pattern_id), pattern: r.pattern ?? '' },
  script: {
    url: r.script_url,
    host: r.script_host,
    hash: r.script_hash,
    js_integrity_score: r.js_integrity_score,
    malware_score: r.malware_score,
    magecart_score: r.magecart_score,
    cryptomining_score: r.cryptomining_score,
  },
})

/**
 * The ledger's evidence: scripts' and connections' verdicts in one file, oldest first; `kind` says
 * which a row is (script columns empty on a connection's row, and the other way round). A script's
 * verdict inherited from a pattern names it (`pattern`); the pattern verdicts themselves are rows
 * too: `pattern` when recorded (who, the justification, the expiry), `pattern-removed` when removed.
 */
const CSV_COLUMNS = [
  'kind',
  'reviewed_at',
  'reviewer',
  'verdict',
  'note',
  'script_id',
  'script_url',
  'script_host',
  'script_hash',
  'js_integrity_score',
  'malware_score',
  'magecart_score',
  'cryptomining_score',
  'connection_id',
  'connection_url',
  'connection_host',
  'connection_threat_then',
  'zone_id',
  'id',
  'pattern',
  'pattern_expires_at',
] as const

/** A connection's threat status as its review recorded it, in words. */
const threatThen = (r: ConnectionReviewRow) => {
  const cats = (v: string) => {
    const list = (JSON.parse(v) as string[]).join(' ')
    return list ? ` (${list})` : ''
  }
  return [
    r.domain_reported_malicious ? `domain reported${cats(r.malicious_domain_categories)}` : 'domain not reported',
    r.url_reported_malicious ? `URL reported${cats(r.malicious_url_categories)}` : 'URL not reported',
  ].join('; ')
}

const BASE = '/api/local/zones/:zone_id/page-shield/reviews' as const

/**
 * The review ledger, append-only: every review is kept (who, when, verdict, note, and the script's
 * hash and scores at that moment). Reads give the latest review per script, or one script's history.
 */
export function registerReviewRoutes(app: Hono, store: Store, forward: Forward, now: () => Date = () => new Date()): void {
  const zoneOf = (raw: string) => (hexIdSchema.safeParse(raw).success ? raw : undefined)
  // In a practice session, the person's own ledger (practice/ledger.ts); otherwise the zone's.
  const keyOf = (c: Context, zoneId: string) => ledgerZone(c.get('zkPractice')?.key, zoneId)
  const badZone = () => jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')

  app.get(BASE, async (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const scriptId = localQuery(c, 'GET', BASE).script_id
    if (scriptId !== undefined) {
      // A verdict inherited from a pattern says whether that pattern still grants (removed or expired: no).
      const [rows, mark] = await Promise.all([store.reviews.history(keyOf(c, zoneId), scriptId), store.pagePatterns.patterns.mark(keyOf(c, zoneId))])
      const active = new Set(mark.split(',').filter(Boolean).map(Number))
      return jsonOk(
        rows.map((r) => {
          const e = reviewEntry(r, zoneId)
          return e.pattern ? { ...e, pattern: { ...e.pattern, active: active.has(e.pattern.id) } } : e
        }),
      )
    }
    return jsonOk((await store.reviews.latest(keyOf(c, zoneId))).map((r) => reviewEntry(r, zoneId)))
  })

  app.get(`${BASE}/export.csv`, async (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const key = keyOf(c, zoneId)
    const scripts = (await store.reviews.all(key)).map((r): Row => ({ ...r, kind: 'script', zone_id: zoneId, pattern: r.pattern ?? null }))
    const connections = (await store.connections.all(key)).map((r): Row => ({
      kind: 'connection',
      reviewed_at: r.reviewed_at,
      reviewer: r.reviewer,
      verdict: r.verdict,
      note: r.note,
      connection_id: r.connection_id,
      connection_url: r.connection_url,
      connection_host: r.connection_host,
      connection_threat_then: threatThen(r),
      zone_id: zoneId,
      id: r.id,
    }))
    const patterns = (await store.pagePatterns.patterns.list(key)).flatMap((p): Row[] => {
      const row = { verdict: p.verdict, note: p.justification, pattern: p.pattern, zone_id: zoneId, id: p.id }
      const expires = p.expires_at === null ? null : new Date(p.expires_at).toISOString()
      const made: Row = { ...row, kind: 'pattern', reviewed_at: new Date(p.created_at).toISOString(), reviewer: p.created_by, pattern_expires_at: expires }
      if (p.removed_at === null) return [made]
      return [made, { ...row, kind: 'pattern-removed', reviewed_at: new Date(p.removed_at).toISOString(), reviewer: p.removed_by ?? '' }]
    })
    // Oldest first, as recorded (the two ledgers' ids are their own: the time orders them, then the id).
    type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | number | null>> & { reviewed_at: string; id: number }
    const rows = [...scripts, ...connections, ...patterns].sort((a, b) => a.reviewed_at.localeCompare(b.reviewed_at) || a.id - b.id)
    return new Response(toCsv(CSV_COLUMNS, rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="review-ledger-${zoneId}.csv"`,
      },
    })
  })

  app.post(BASE, async (c) => {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const v = localBody(c, 'POST', BASE)
    // What the reviewer judged: the script as the API describes it now, read here. A snapshot in the
    // body is ignored: taking it would let a reviewer approve the hash of a version not yet deployed,
    // which then never shows as "changed since review" (PCI DSS 6.4.3 / 11.6.1 evidence).
    let script: PageShieldScriptDetail
    try {
      script = (await readEnvelope<PageShieldScriptDetail>(sendFor(forward, c), `/zones/${zoneId}/page_shield/scripts/${v.script_id}`)).result
    } catch (err) {
      if (!(err instanceof ListReadError)) throw err
      // The API's own refusal (an unknown script is its 404) as it answered; anything else is its failure.
      if (err.status >= 400 && err.status < 500 && err.body) return new Response(err.body, { status: err.status, headers: { 'content-type': 'application/json' } })
      return jsonError(502, 1002, `The API answered ${err.status} while the script was being read.`)
    }
    // The signed-in person, never a typed name: evidence of who reviewed (PCI DSS 6.4.3 inventory).
    const { person } = actorOf(c)
    const row = await store.reviews.add({
      zone_id: keyOf(c, zoneId),
      script_id: v.script_id,
      verdict: v.verdict,
      note: v.note,
      reviewer: person.id ? `${person.displayName} (${person.username})` : person.displayName,
      reviewer_id: person.id,
      reviewed_at: now().toISOString(),
      script_url: script.url,
      script_host: script.host,
      script_hash: script.hash ?? null,
      js_integrity_score: script.js_integrity_score ?? null,
      malware_score: script.malware_score ?? null,
      magecart_score: script.magecart_score ?? null,
      cryptomining_score: script.cryptomining_score ?? null,
    })
    return new Response(JSON.stringify({ result: reviewEntry(row, zoneId), success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })
}
