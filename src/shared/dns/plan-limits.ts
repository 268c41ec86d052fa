/**
 * Record comments and tags by plan, as the service documents them (DNS record attributes):
 * comments up to 100 characters on Free and 500 on paid plans; tags only on paid plans, at most
 * 20 per record, a name of at most 32 characters and a value of at most 100.
 */

import type { PlanTier } from './plan-tier'

export { planTier, type PlanTier } from './plan-tier'

export const RECORD_ATTRIBUTE_LIMITS = {
  free: { comment: 100, tags: 0 },
  paid: { comment: 500, tags: 20 },
} as const satisfies Record<PlanTier, { comment: number; tags: number }>

export const TAG_NAME_MAX = 32
export const TAG_VALUE_MAX = 100

export interface PlanProblem {
  field: 'comment' | 'tags'
  message: string
}

/** What the zone's plan refuses in a record's comment and tags (the field checks are the schema's). */
export function planAttributeProblems(tier: PlanTier, rec: { comment?: string | null; tags?: readonly string[] | null }): PlanProblem[] {
  const limits = RECORD_ATTRIBUTE_LIMITS[tier]
  const problems: PlanProblem[] = []
  const comment = rec.comment?.trim() ?? ''
  if (comment.length > limits.comment) {
    problems.push({
      field: 'comment',
      message:
        `This zone's plan allows comments of at most ${limits.comment} characters; this one has ${comment.length}.` +
        (tier === 'free' ? ' Paid plans allow 500.' : ''),
    })
  }
  const tags = rec.tags ?? []
  if (tags.length > limits.tags) {
    problems.push({
      field: 'tags',
      message:
        tier === 'free'
          ? 'Tags are only available on paid plans; this zone is on the Free plan. Remove the tags, or use the comment instead.'
          : `A record can have at most ${limits.tags} tags on this plan; this one has ${tags.length}.`,
    })
  }
  return problems
}
