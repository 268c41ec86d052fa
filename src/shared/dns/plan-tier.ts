/**
 * A zone's plan as a tier (Free or paid), alone: the zone route reads it for every zone page, so it
 * is part of every page's first load; the limits themselves are in ./plan-limits, which re-exports it.
 */

export type PlanTier = 'free' | 'paid'

/** A zone's plan (its `legacy_id`, or the plan id) as a tier; unknown plans count as Free, the stricter. */
export function planTier(plan: { legacy_id?: string | null; id?: string | null } | null | undefined): PlanTier {
  const id = (plan?.legacy_id ?? plan?.id ?? 'free').toLowerCase()
  return id === 'free' || id === '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee' ? 'free' : 'paid'
}
