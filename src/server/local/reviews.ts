import type { Hono } from 'hono'
import { toCsv } from '../../shared/page-shield/csv'
import { hexIdSchema, apiErrorsFromIssues } from '../../shared/schemas/common'
import { reviewInputSchema, type ReviewEntry, type ReviewVerdict } from '../../shared/schemas/page-shield-review'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../envelope'
import { writeRefusal } from '../guard'
import type { LocalDb } from './store'

interface ReviewRow {
  id: number
  zone_id: string
  script_id: string
  verdict: ReviewVerdict
  note: string
  reviewer: string
  reviewed_at: string
  script_url: string
  script_host: string
  script_hash: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
}

const entry = (r: ReviewRow): ReviewEntry => ({
  id: r.id,
  zone_id: r.zone_id,
  script_id: r.script_id,
  verdict: r.verdict,
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
export function registerReviewRoutes(app: Hono, store: () => LocalDb, now: () => Date = () => new Date()): void {
  const zoneOf = (raw: string) => (hexIdSchema.safeParse(raw).success ? raw : undefined)
  const badZone = () => jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')

  app.get(BASE, (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const scriptId = c.req.query('script_id')
    if (scriptId !== undefined) {
      if (!hexIdSchema.safeParse(scriptId).success) return jsonError(400, 1001, 'script_id must be 32 hexadecimal characters.')
      const rows = store()
        .prepare('SELECT * FROM script_reviews WHERE zone_id = ? AND script_id = ? ORDER BY id DESC')
        .all(zoneId, scriptId) as ReviewRow[]
      return jsonOk(rows.map(entry))
    }
    const rows = store()
      .prepare(
        `SELECT r.* FROM script_reviews r
         JOIN (SELECT script_id, MAX(id) AS id FROM script_reviews WHERE zone_id = ? GROUP BY script_id) latest ON latest.id = r.id
         ORDER BY r.id DESC`,
      )
      .all(zoneId) as ReviewRow[]
    return jsonOk(rows.map(entry))
  })

  app.get(`${BASE}/export.csv`, (c) => {
    const zoneId = zoneOf(c.req.param('zone_id'))
    if (!zoneId) return badZone()
    const rows = store().prepare('SELECT * FROM script_reviews WHERE zone_id = ? ORDER BY id').all(zoneId) as ReviewRow[]
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
    const info = store()
      .prepare(
        `INSERT INTO script_reviews (zone_id, script_id, verdict, note, reviewer, reviewed_at, script_url, script_host, script_hash,
           js_integrity_score, malware_score, magecart_score, cryptomining_score)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        zoneId,
        v.script_id,
        v.verdict,
        v.note,
        v.reviewer,
        now().toISOString(),
        v.script.url,
        v.script.host,
        v.script.hash,
        v.script.js_integrity_score,
        v.script.malware_score,
        v.script.magecart_score,
        v.script.cryptomining_score,
      )
    const row = store().prepare('SELECT * FROM script_reviews WHERE id = ?').get(info.lastInsertRowid) as ReviewRow
    return new Response(JSON.stringify({ result: entry(row), success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })
}
