import type { z } from 'zod'
import { writeRole, type AccessRole } from '../access'
import { migrationStateSchema } from '../schemas/load-balancing-migration'
import { connectionReviewInputSchema, reviewInputSchema } from '../schemas/page-shield-review'
import { paymentPageInputSchema, patternVerdictInputSchema } from '../schemas/page-shield-patterns'
import type { HttpMethod } from './types'

/** One of the dashboard's own routes (not the API's): `/api/local/…` and the sandbox's buttons. */
export interface LocalRouteEntry {
  method: HttpMethod
  /** Path below the server root, `:name` for a segment. */
  path: string
  /** The role it needs (src/shared/access.ts): the server's gate refuses anyone below it. */
  role: AccessRole
  /** Any signed-in person may call it for themselves (own sessions, own tokens). */
  self?: boolean
  /** In a practice session it acts on the person's own practice data: any role may. */
  practice?: boolean
  /**
   * Its JSON body, read by this schema and no other (src/server/local/read-body.ts): not JSON or a
   * refused value is a 400 pointing at the field, in one place for every route that declares one.
   */
  body?: z.ZodType
}

/**
 * The dashboard's own routes, declared once: the server's role gate reads this list
 * (src/server/auth/endpoint-roles.ts), the browser types its calls from it (`localPath`, types
 * only), and a test checks that the server routes exactly these (src/server/endpoint-table.test.ts).
 * Add a route here and register its handler; nothing else.
 */
export const LOCAL_ROUTES = [
  { method: 'GET', path: '/api/local/me', role: 'viewer', self: true },
  { method: 'PATCH', path: '/api/local/me', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/me/sessions', role: 'viewer', self: true },
  { method: 'DELETE', path: '/api/local/me/sessions/:handle', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/me/tokens', role: 'viewer', self: true },
  { method: 'POST', path: '/api/local/me/tokens', role: 'viewer', self: true },
  { method: 'DELETE', path: '/api/local/me/tokens/:id', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews', role: 'viewer', practice: true },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/export.csv', role: 'viewer', practice: true },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews', role: writeRole('page-shield', 'zone'), practice: true, body: reviewInputSchema },
  // The zone's payment pages, and pattern verdicts (one verdict for every script a host or URL pattern matches).
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', role: 'viewer', practice: true },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', role: writeRole('page-shield', 'zone'), practice: true, body: paymentPageInputSchema },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id', role: writeRole('page-shield', 'zone'), practice: true },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns', role: 'viewer', practice: true },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns', role: writeRole('page-shield', 'zone'), practice: true, body: patternVerdictInputSchema },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns/:id', role: writeRole('page-shield', 'zone'), practice: true },
  // Verdicts on connections, and the index of the zone's connections they are joined with.
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-reviews', role: 'viewer', practice: true },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/connection-reviews', role: writeRole('page-shield', 'zone'), practice: true, body: connectionReviewInputSchema },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-index', role: 'viewer', practice: true },
  // The zone's scripts index joined with the ledger (exact review counts, filters, full CSV).
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index', role: 'viewer', practice: true },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index/export.csv', role: 'viewer', practice: true },
  { method: 'GET', path: '/api/local/people', role: 'admin' },
  { method: 'POST', path: '/api/local/people', role: 'admin' },
  { method: 'PATCH', path: '/api/local/people/:person_id', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id', role: 'admin' },
  { method: 'POST', path: '/api/local/people/:person_id/password', role: 'admin' },
  { method: 'PUT', path: '/api/local/people/:person_id/sso', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/sso', role: 'admin' },
  { method: 'GET', path: '/api/local/people/:person_id/sessions', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/sessions', role: 'admin' },
  { method: 'GET', path: '/api/local/people/:person_id/tokens', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens/:id', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/two-factor', role: 'admin' },
  { method: 'GET', path: '/api/local/settings/two-factor', role: 'admin' },
  { method: 'PUT', path: '/api/local/settings/two-factor', role: 'admin' },
  { method: 'POST', path: '/api/sandbox/reset', role: 'admin' },
  // The load-balancing migration's progress (account-level work; administrators always have every zone).
  { method: 'GET', path: '/api/local/accounts/:account_id/lb-migration', role: writeRole('load-balancing', 'account') },
  { method: 'PUT', path: '/api/local/accounts/:account_id/lb-migration', role: writeRole('load-balancing', 'account'), body: migrationStateSchema },
  { method: 'DELETE', path: '/api/local/accounts/:account_id/lb-migration', role: writeRole('load-balancing', 'account') },
  // Audit log: everyone reads their own scope; an undo's write is checked at the API door.
  { method: 'GET', path: '/api/local/audit', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/export.csv', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/history', role: 'viewer' },
  // The chain's verification, for administrators (it reads every entry).
  { method: 'GET', path: '/api/local/audit/chain', role: 'admin' },
  { method: 'GET', path: '/api/local/audit/:id', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/restore-point', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/undo-check', role: 'viewer' },
  { method: 'POST', path: '/api/local/audit/:id/undo', role: 'viewer' },
  // Script watch: everyone in scope reads alerts, checks, the schedule, the channels and the report;
  // reviewers acknowledge alerts and test channels; administrators set schedules and channels, ask for a check, and simulate sandbox activity.
  { method: 'GET', path: '/api/local/zones/:zone_id/watch', role: 'viewer' },
  { method: 'PUT', path: '/api/local/zones/:zone_id/watch', role: 'admin' },
  // Channels: everyone in scope reads them (without secrets, unless an administrator); reviewers and up send a test.
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/channels', role: 'viewer' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/channels', role: 'admin' },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/watch/channels/:channel_id', role: 'admin' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/channels/:channel_id/test', role: writeRole('page-shield', 'zone') },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/check', role: 'admin' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/alerts', role: 'viewer' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/alerts/:alert_id/read', role: writeRole('page-shield', 'zone') },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/runs', role: 'viewer' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report', role: 'viewer' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report.csv', role: 'viewer' },
  { method: 'POST', path: '/api/sandbox/page-shield/activity', role: 'admin' },
  // Practice sandbox: everyone switches their own session and resets their own practice data.
  { method: 'GET', path: '/api/local/practice', role: 'viewer', self: true },
  { method: 'POST', path: '/api/local/practice', role: 'viewer', self: true },
  { method: 'POST', path: '/api/local/practice/reset', role: 'viewer', self: true },
  // The API rate budget panel: administrators.
  { method: 'GET', path: '/api/local/budget', role: 'admin' },
  // Change requests: each route decides from the zone's settings, the person and their scope.
  { method: 'GET', path: '/api/local/change-requests', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests', role: 'viewer' },
  { method: 'GET', path: '/api/local/change-requests/summary', role: 'viewer' },
  { method: 'GET', path: '/api/local/change-requests/zones', role: 'admin' },
  { method: 'GET', path: '/api/local/change-requests/zones/:zone_id', role: 'viewer' },
  { method: 'PUT', path: '/api/local/change-requests/zones/:zone_id', role: 'admin', practice: true },
  { method: 'POST', path: '/api/local/change-requests/zones/:zone_id/zone-file', role: 'viewer' },
  { method: 'GET', path: '/api/local/change-requests/people', role: 'admin' },
  { method: 'PUT', path: '/api/local/change-requests/people/:person_id', role: 'admin' },
  { method: 'GET', path: '/api/local/change-requests/:id', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/approve', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/reject', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/refresh', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/done', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/withdraw', role: 'viewer' },
  { method: 'POST', path: '/api/local/change-requests/:id/undo', role: 'viewer' },
] as const satisfies readonly LocalRouteEntry[]
