/**
 * The zone list's vocabulary (api-notes §2.1, §2.2), once for the shared schemas, the sandbox, the
 * zone scope and the zones page. No zod here: the browser's first load imports it.
 */

export const ZONE_STATUSES = ['initializing', 'pending', 'active', 'moved'] as const
export type ZoneStatus = (typeof ZONE_STATUSES)[number]
export const ZONE_TYPES = ['full', 'partial', 'secondary', 'internal'] as const

/** `order` values of GET /zones ([TS] adds `plan.id`). */
export const ZONE_ORDER_FIELDS = ['name', 'status', 'account.id', 'account.name', 'plan.id'] as const
export type ZoneOrder = (typeof ZONE_ORDER_FIELDS)[number]
export const ZONES_DEFAULT_PER_PAGE = 20
export const ZONES_MIN_PER_PAGE = 5
export const ZONES_MAX_PER_PAGE = 50
