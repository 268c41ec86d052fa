import type { Context, Hono } from 'hono'
import { toCsv } from '../../shared/page-shield/csv'
import { hexIdSchema, apiErrorsFromIssues } from '../../shared/schemas/common'
import { reviewInputSchema, type ReviewEntry } from '../../shared/schemas/page-shield-review'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../envelope'
import { actorOf } from '../auth'
import { writeRefusal } from '../guard'
import { ledgerZone } from '../practice/ledger'
import type { ReviewRow, Store } from '../store'

/** `zoneId`: the zone as the page names it (a practice ledger keeps its rows under a key of its own). */
const entry = (r: ReviewRow, zoneId: string): ReviewEntry => ({
  id: r.id,
  zone_id: zoneId,
  script_id: r.script_id,
  verdict: r.verdict as ReviewEntry['verdict'],
  note: r.note,
  reviewer: r.reviewer,
  reviewed_at: r.reviewed_at,
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

const CSV_COLUMNS = [
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
  'zone_id',
  'id',
] as const

const BASE = '/api/local/zones/:zone_id/page-shield/reviews'

/**
 * The review ledger, append-only: every review is kept (who, when, verdict, note, and the script's
 * hash and scores at that moment). Reads give the latest review per script, or one script's history.
 */
export function registerReviewRoutes(app: Hono, store: Store, now: () => Date = () => new Date()): void {
  const zoneOf = (raw: string) => (hexIdSchema.safeParse(raw).success ? raw : undefined)
  // In a practice session, the person's own ledger (practice/ledger.ts); otherwise the zone's.
  const keyOf = (c: Context, zoneId: string) => ledgerZone(c.get('zkPractice')?.key, zoneId)
  const badZone = () => jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')

  app.get(BASE, async (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const scriptId = c.req.query('script_id')
    if (scriptId !== undefined) {
      if (!hexIdSchema.safeParse(scriptId).success) return jsonError(400, 1001, 'script_id must be 32 hexadecimal characters.')
      return jsonOk((await store.reviews.history(keyOf(c, zoneId), scriptId)).map((r) => entry(r, zoneId)))
    }
    return jsonOk((await store.reviews.latest(keyOf(c, zoneId))).map((r) => entry(r, zoneId)))
  })

  app.get(`${BASE}/export.csv`, async (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const rows = (await store.reviews.all(keyOf(c, zoneId))).map((r) => ({ ...r, zone_id: zoneId }))
    return new Response(toCsv(CSV_COLUMNS, rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="script-review-ledger-${zoneId}.csv"`,
      },
    })
  })

  app.post(BASE, async (c) => {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
    }
    const parsed = reviewInputSchema.safeParse(body)
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
    const v = parsed.data
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
      script_url: v.script.url,
      script_host: v.script.host,
      script_hash: v.script.hash,
      js_integrity_score: v.script.js_integrity_score,
      malware_score: v.script.malware_score,
      magecart_score: v.script.magecart_score,
      cryptomining_score: v.script.cryptomining_score,
    })
    return new Response(JSON.stringify({ result: entry(row, zoneId), success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })
}
