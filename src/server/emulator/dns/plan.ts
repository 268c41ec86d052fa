import { planAttributeProblems, planTier, type PlanTier } from '../../../shared/dns/plan-limits'
import type { NormalisedRecord } from '../../../shared/dns/normalise'
import { ApiError } from '../http'
import type { Db } from '../module'

/** The zone's plan tier, read from its stored plan object (`legacy_id`: free, pro, business, enterprise). */
export function zoneTier(db: Db, zoneId: string): PlanTier {
  const row = db.prepare("SELECT json_extract(plan, '$.legacy_id') AS legacy_id, json_extract(plan, '$.id') AS id FROM zones WHERE id = ?").get(zoneId) as
    | { legacy_id: string | null; id: string | null }
    | undefined
  return planTier(row)
}

/** Comment length and tags by the zone's plan: a 400 with a pointer per refused field. */
export function checkPlanAttributes(db: Db, zoneId: string, rec: NormalisedRecord): void {
  const problems = planAttributeProblems(zoneTier(db, zoneId), rec)
  if (problems.length) {
    throw new ApiError(
      400,
      problems.map((p) => ({ code: 1004, message: p.message, source: { pointer: `/${p.field}` } })),
    )
  }
}
