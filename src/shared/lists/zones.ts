/**
 * The zone list's vocabulary (api-notes §2.1, §2.2), once for the shared schemas, the sandbox, the
 * zone scope and the zones page. No zod here: the browser's first load imports it.
 */
import { choice, choices, listQuery, text, whole, type QueryOf } from './query'

export const ZONE_STATUSES = ['initializing', 'pending', 'active', 'moved'] as const
export type ZoneStatus = (typeof ZONE_STATUSES)[number]
export const ZONE_TYPES = ['full', 'partial', 'secondary', 'internal'] as const

/** `order` values of GET /zones ([TS] adds `plan.id`). */
export const ZONE_ORDER_FIELDS = ['name', 'status', 'account.id', 'account.name', 'plan.id'] as const
export const ZONES_DEFAULT_PER_PAGE = 20
export const ZONES_MIN_PER_PAGE = 5
export const ZONES_MAX_PER_PAGE = 50

/**
 * GET /zones's query (api-notes §2.1), read by the sandbox (emulator/zones/routes.ts) and by the
 * zone scope (auth/zone-scope.ts), and the zones page's URL (features/zones/api/zones-search.ts).
 * `name` and `account.name` take an operator prefix (`contains:.org`; src/shared/zones/name-match.ts).
 */
export const zonesQuery = listQuery({
  name: text({ max: 253, tooLong: 'The name filter can be at most 253 characters.' }),
  status: choice(ZONE_STATUSES),
  'account.id': text(),
  'account.name': text({ max: 253, tooLong: 'The account name filter can be at most 253 characters.' }),
  /** When none is asked for, internal zones are left out (as the service does). */
  type: choices(ZONE_TYPES),
  match: choice(['all', 'any'], { ignoreCase: true, message: 'match must be all or any.' }),
  order: choice(ZONE_ORDER_FIELDS),
  direction: choice(['asc', 'desc'], { ignoreCase: true, message: 'direction must be asc or desc.' }),
  page: whole(1, Number.MAX_SAFE_INTEGER, { clamp: true }),
  per_page: whole(ZONES_MIN_PER_PAGE, ZONES_MAX_PER_PAGE, { clamp: true }),
})
export type ZonesQuery = QueryOf<typeof zonesQuery.fields>
