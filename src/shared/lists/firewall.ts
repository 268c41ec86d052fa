/**
 * The firewall rules list's vocabulary (api-notes §8), once for the sandbox and the rules page. No
 * zod here: the browser's first load imports it.
 */
import { boolean, listQuery, text, whole, type QueryOf } from './query'

/** Actions a firewall rule can take: the choices the page's action filter offers. */
export const FIREWALL_ACTIONS = ['block', 'challenge', 'js_challenge', 'managed_challenge', 'allow', 'log', 'bypass'] as const

/**
 * GET /zones/:zone_id/firewall/rules's query (api-notes §8), read by the sandbox
 * (emulator/firewall/routes.ts) and the rules page's URL (features/firewall/api/firewall-search.ts).
 * `description` is a case-insensitive substring; `action` and `id` are exact matches, taken as
 * text (the service refuses no action: an unknown one, or `BLOCK`, matches nothing); `paused` is
 * true or false. No sort parameter. per_page is clamped into 5–100, 25 by default.
 */
export const firewallRulesQuery = listQuery({
  description: text(),
  action: text(),
  id: text(),
  paused: boolean(),
  page: whole(1, Number.MAX_SAFE_INTEGER, { clamp: true }),
  per_page: whole(5, 100, { clamp: true }),
})
export type FirewallRulesQuery = QueryOf<typeof firewallRulesQuery.fields>
