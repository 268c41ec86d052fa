import { toCsv } from '@/shared/page-shield/csv'
import { isMalicious } from '@/shared/page-shield/malicious'
import { SCRIPTS_CSV_COLUMNS, scriptCsvRecord } from '@/shared/page-shield/scripts-csv'
import { countReviewStates, matchesReviewFilter, reviewState, type ReviewFilter } from '@/shared/page-shield/review'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'

/** The filters of the scripts list that the API cannot apply: they are applied to every matching script read. */
export interface ScriptViewFilters {
  malicious_only?: boolean
  review?: ReviewFilter
}

type ReviewOf = (scriptId: string) => ReviewEntry | undefined

export const needsClientFilter = (v: ScriptViewFilters) => v.malicious_only === true || v.review !== undefined

/**
 * The scripts on screen for these filters: malicious only (integrity score below 10, the same rule
 * as the overview's count), then the review filter. Counts are of the scripts before the review filter.
 */
export function filterScripts(items: readonly PageShieldScript[], view: ScriptViewFilters, reviewOf: ReviewOf) {
  const base = view.malicious_only ? items.filter((s) => isMalicious(s.js_integrity_score)) : [...items]
  const counts = countReviewStates(base, reviewOf)
  const filter = view.review
  const rows = filter ? base.filter((s) => matchesReviewFilter(reviewState(s, reviewOf(s.id)).kind, filter)) : base
  return { rows, counts, before: base.length }
}

/** The rows on screen as CSV evidence, with where each stands in the review ledger. */
export function scriptsCsv(rows: readonly PageShieldScript[], reviewOf: ReviewOf): string {
  return toCsv(
    SCRIPTS_CSV_COLUMNS,
    rows.map((s) => scriptCsvRecord(s, reviewOf(s.id))),
  )
}
