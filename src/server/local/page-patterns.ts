import type { Context, Hono } from 'hono'
import { pageMatches, parsePagePattern, parseScriptPattern, type PagePattern } from '../../shared/page-shield/patterns'
import { hexIdSchema } from '../../shared/schemas/common'
import {
  expiryMs,
  type PaymentPage,
  type PatternVerdict,
} from '../../shared/schemas/page-shield-patterns'
import { setAuditDetails } from '../audit/middleware'
import { actorOf } from '../auth'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { writeRefusal } from '../http/guard'
import type { PaymentPageRow, ScriptPatternRow, Store } from '../store'
import { localBody } from './read-body'

/**
 * A zone's payment pages and pattern verdicts (store/page-patterns.ts), beside the review ledger:
 * reviewers (the role that records verdicts) add and remove them, viewers read them. Both are
 * recorded with who and when and never deleted, and each write has its audit entry.
 */
export const PAYMENT_PAGES_BASE = '/api/local/zones/:zone_id/page-shield/reviews/payment-pages' as const
export const PATTERNS_BASE = '/api/local/zones/:zone_id/page-shield/reviews/patterns' as const

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const paymentPageOf = (r: PaymentPageRow): PaymentPage => ({
  id: r.id,
  pattern: r.pattern,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
})

export const patternOf = (r: ScriptPatternRow, nowMs: number, scripts?: number): PatternVerdict => ({
  id: r.id,
  pattern: r.pattern,
  verdict: 'expected',
  justification: r.justification,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
  expires_at: iso(r.expires_at),
  removed_by: r.removed_by,
  removed_at: iso(r.removed_at),
  active: r.removed_at === null && (r.expires_at === null || r.expires_at > nowMs),
  ...(scripts === undefined ? {} : { scripts }),
})

/** The zone's payment page patterns, parsed (a stored one always parses; one that would not is left out). */
export async function paymentPatterns(store: Store, ledgerKey: string) {
  return (await store.pagePatterns.paymentPages.list(ledgerKey))
    .map((r) => parsePagePattern(r.pattern))
    .filter((p): p is Extract<PagePattern, { ok: true }> => p.ok)
}

/** Whether any of a script's pages is a payment page. */
export const onPaymentPage = (patterns: readonly Extract<PagePattern, { ok: true }>[], pages: readonly string[]) =>
  pages.some((page) => patterns.some((p) => pageMatches(p, page)))

const created = (result: unknown) =>
  new Response(JSON.stringify({ result, success: true, errors: [], messages: [] }), { status: 201, headers: { 'content-type': 'application/json' } })

/** The same pattern is already in force in the zone: a 400 at the field, as for any refused pattern. */
const alreadyThere = (message: string) => jsonErrors(400, [{ code: 1004, message, source: { pointer: '/pattern' } }])

export interface PagePatternKeys {
  /** The index owner (mode, zone, practising person) and the ledger key, as the script index keys them. */
  keysOf: (c: Context, zoneId: string) => { owner: string; ledgerKey: string }
  now: () => number
  /** Brings the zone's script index up to date (a first build answers after a short wait and goes on). */
  freshen: (c: Context, zoneId: string) => Promise<unknown>
}

export function registerPagePatternRoutes(app: Hono, store: Store, { keysOf, now, freshen }: PagePatternKeys): void {
  const pp = store.pagePatterns
  const who = (c: Context) => {
    // The signed-in person, never a typed name (evidence, as for individual reviews).
    const { person } = actorOf(c)
    return { name: person.id ? `${person.displayName} (${person.username})` : person.displayName, id: person.id }
  }
  /** The zone of the path, or the 400; writes also need the dashboard's header. */
  const zoneOf = (c: Context, write = false): string | Response => {
    if (write) {
      const refusal = writeRefusal(c)
      if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    }
    const zoneId = c.req.param('zone_id') ?? ''
    return hexIdSchema.safeParse(zoneId).success ? zoneId : jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')
  }
  const idOf = (c: Context) => {
    const id = Number(c.req.param('id'))
    return Number.isSafeInteger(id) && id > 0 ? id : undefined
  }

  app.get(PAYMENT_PAGES_BASE, async (c) => {
    const zoneId = zoneOf(c)
    if (zoneId instanceof Response) return zoneId
    return jsonOk((await pp.paymentPages.list(keysOf(c, zoneId).ledgerKey)).map(paymentPageOf))
  })

  app.post(PAYMENT_PAGES_BASE, async (c) => {
    const zoneId = zoneOf(c, true)
    if (zoneId instanceof Response) return zoneId
    const v = localBody(c, 'POST', PAYMENT_PAGES_BASE)
    const parsed = parsePagePattern(v.pattern)
    if (!parsed.ok) return jsonErrors(400, [{ code: 1004, message: parsed.message, source: { pointer: '/pattern' } }])
    const { ledgerKey } = keysOf(c, zoneId)
    const me = who(c)
    // The store's unique index decides (no read first), so two adds at once record one.
    const added = await pp.paymentPages.add({ zone_id: ledgerKey, pattern: parsed.pattern, created_by: me.name, created_by_id: me.id, created_at: now() })
    if (!added.ok) return alreadyThere(`${parsed.pattern} is already a payment page pattern.`)
    const { row } = added
    setAuditDetails(c, { resourceType: 'payment_page', resourceId: String(row.id), action: 'create', after: paymentPageOf(row) })
    return created(paymentPageOf(row))
  })

  app.delete(`${PAYMENT_PAGES_BASE}/:id`, async (c) => {
    const zoneId = zoneOf(c, true)
    if (zoneId instanceof Response) return zoneId
    const id = idOf(c)
    const { ledgerKey } = keysOf(c, zoneId)
    const before = (await pp.paymentPages.list(ledgerKey)).find((p) => p.id === id)
    if (!id || !before || !(await pp.paymentPages.remove(ledgerKey, id, who(c).name, now())))
      return jsonError(404, 1003, 'No such payment page pattern in this zone (it may have been removed already).')
    setAuditDetails(c, { resourceType: 'payment_page', resourceId: String(id), action: 'delete', before: paymentPageOf(before) })
    return jsonOk({ id })
  })

  app.get(PATTERNS_BASE, async (c) => {
    const zoneId = zoneOf(c)
    if (zoneId instanceof Response) return zoneId
    const { owner, ledgerKey } = keysOf(c, zoneId)
    const [rows, holding] = await Promise.all([pp.patterns.list(ledgerKey), pp.patterns.holding(owner, ledgerKey)])
    const t = now()
    return jsonOk(rows.map((r) => patternOf(r, t, holding.get(r.id) ?? 0)))
  })

  app.post(PATTERNS_BASE, async (c) => {
    const zoneId = zoneOf(c, true)
    if (zoneId instanceof Response) return zoneId
    const v = localBody(c, 'POST', PATTERNS_BASE)
    const t = now()
    const expires = expiryMs(v.expires_at)
    if (expires !== null && expires <= t)
      return jsonErrors(400, [{ code: 1004, message: 'The expiry is in the past: give a later date, or none.', source: { pointer: '/expires_at' } }])
    // The schema parsed it already; the normalised form (host in lower case) is what is kept.
    const parsed = parseScriptPattern(v.pattern)
    if (!parsed.ok) return jsonErrors(400, [{ code: 1004, message: parsed.message, source: { pointer: '/pattern' } }])
    const { owner, ledgerKey } = keysOf(c, zoneId)
    const me = who(c)
    const added = await pp.patterns.add({
      zone_id: ledgerKey,
      pattern: parsed.pattern,
      verdict: 'expected',
      justification: v.justification,
      created_by: me.name,
      created_by_id: me.id,
      created_at: t,
      expires_at: expires,
    })
    if (!added.ok) return alreadyThere(`${parsed.pattern} is already a pattern verdict in force in this zone: remove it first to set it again.`)
    const { row } = added
    // The scripts of the zone it matches now inherit it at once (the index read first, so "now" is now);
    // those seen later, at each index refresh. An index that cannot be read now is caught up by its next refresh.
    await freshen(c, zoneId).catch(() => undefined)
    const scripts = await pp.grant(owner, ledgerKey, { only: row.id, present: true })
    const entry = patternOf(row, t, scripts)
    setAuditDetails(c, { resourceType: 'pattern_verdict', resourceId: String(row.id), action: 'create', after: entry })
    return created(entry)
  })

  app.delete(`${PATTERNS_BASE}/:id`, async (c) => {
    const zoneId = zoneOf(c, true)
    if (zoneId instanceof Response) return zoneId
    const id = idOf(c)
    const { ledgerKey } = keysOf(c, zoneId)
    const before = (await pp.patterns.list(ledgerKey)).find((p) => p.id === id && p.removed_at === null)
    if (!id || !before || !(await pp.patterns.remove(ledgerKey, id, who(c).name, now())))
      return jsonError(404, 1003, 'No such pattern verdict in force in this zone (it may have been removed already).')
    setAuditDetails(c, { resourceType: 'pattern_verdict', resourceId: String(id), action: 'delete', before: patternOf(before, now()) })
    return jsonOk({ id })
  })
}
