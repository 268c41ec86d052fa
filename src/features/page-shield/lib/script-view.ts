import type { ReviewFilter } from '@/shared/page-shield/review'

/** The filters of the scripts list that the API cannot apply: the dashboard's script index answers them. */
export interface ScriptViewFilters {
  malicious_only?: boolean
  review?: ReviewFilter
  payment_only?: boolean
}

/** Whether a view needs the script index (server/local/script-index.ts) rather than the API's own list. */
export const needsClientFilter = (v: ScriptViewFilters) => v.malicious_only === true || v.payment_only === true || v.review !== undefined
