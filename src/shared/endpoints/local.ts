import { z } from 'zod'
import { writeRole, type AccessRole } from '../access'
import type { AuditEntryView, UndoCheckView } from '../audit'
import { connectionIndexQuery, connectionLedgerQuery, reviewLedgerQuery, scriptIndexQuery } from '../lists/page-shield-index'
import { listQuery, type Fields, type ListQuery } from '../lists/query'
import type { PracticeView } from '../practice'
import {
  newChangeRequestSchema,
  personChangeSettingsSchema,
  rejectSchema,
  zoneApprovalInputSchema,
  zoneFileProposalSchema,
  type ChangeRequestDetail,
  type ChangeRequestView,
  type ZoneApprovalSettings,
  type ZoneApprovalView,
  type ZoneFileProposal,
} from '../schemas/change-requests'
import { migrationStateSchema, type SavedMigration } from '../schemas/load-balancing-migration'
import { noBodySchema, practiceSwitchSchema, viewOf, type AuditChainView, type BudgetPanelData, type ConnectionIndexAnswer, type ScriptIndexReply } from '../schemas/local'
import { connectionReviewEntrySchema, connectionReviewInputSchema, reviewEntrySchema, reviewInputSchema } from '../schemas/page-shield-review'
import {
  apiTokenInputSchema,
  ownSettingsSchema,
  personInputSchema,
  personPatchSchema,
  ssoLinkSchema,
  twoFactorPolicySchema,
  type ApiTokenView,
  type MeView,
  type PersonView,
  type SessionView,
} from '../schemas/people'
import {
  watchActivityInputSchema,
  watchChannelInputSchema,
  watchSettingsInputSchema,
  type WatchAlert,
  type WatchChannelEntry,
  type WatchChannelTestResult,
  type WatchRunEntry,
  type WatchSettings,
} from '../schemas/watch'
import { paymentPageInputSchema, paymentPageSchema, patternVerdictInputSchema, patternVerdictSchema } from '../schemas/page-shield-patterns'
import type { HttpMethod } from './types'
import { recordSearchQuery, type RecordSearchReply } from '../search/record-search'

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
   * Its JSON body, validated once before the handler runs (src/server/local/read-body.ts), which
   * takes the parsed value (`localBody(c, method, path)`): not JSON is a 400 (code 6007), a refused
   * value a 400 (code 1004) pointing at the field. A write that reads nothing declares
   * `noBodySchema` (nothing or `{}`).
   */
  body?: z.ZodType
  /**
   * Its query, read once before the handler runs (`localQuery(c, method, path)`): unknown keys
   * ignored, a refused value a 400 (code 1001) pointing at its key.
   */
  query?: ListQuery<Fields>
  /**
   * The JSON answer's `result`: the browser's call to the route takes its type from it (`localCall`).
   * `viewOf<T>()` declares a type the server builds and nobody checks at run time.
   */
  result?: z.ZodType
}

const ok = <T>() => viewOf<T>()
const CR = ok<ChangeRequestView>()
/** A CSV export reads the view's filters and ignores paging. */
const scriptIndexExportQuery = (() => {
  const { page: _page, per_page: _perPage, ...fields } = scriptIndexQuery.fields
  return listQuery(fields)
})()
const writesReviews = writeRole('page-shield', 'zone')
const writesMigration = writeRole('load-balancing', 'account')
const noBody = noBodySchema
/**
 * An undo (an audit entry's, or a change request's): nothing, or `{"confirm": true}` to undo over
 * changes made since. Any other JSON value is refused, so a client's mistake is not read as "no".
 */
const undoBody = z
  .object({ confirm: z.boolean({ error: 'confirm is true (undo over changes made since) or false.' }).optional() }, { error: 'The body must be empty or a JSON object such as {"confirm": true}.' })
  .optional()

/**
 * The dashboard's own routes, declared once: the server's role gate reads this list
 * (src/server/auth/endpoint-roles.ts), its local router validates each declared body and query
 * before the handler runs (src/server/local/read-body.ts), the browser types its calls from it
 * (`localCall`: path params, body and result; types only), and tests check that the server routes
 * exactly these (src/server/endpoint-table.test.ts) and that every write declares its body
 * (src/server/local/read-body.test.ts). Add a route here and register its handler; nothing else.
 */
export const LOCAL_ROUTES = [
  { method: 'GET', path: '/api/local/me', role: 'viewer', self: true, result: ok<MeView>() },
  { method: 'PATCH', path: '/api/local/me', role: 'viewer', self: true, body: ownSettingsSchema, result: ok<MeView>() },
  { method: 'GET', path: '/api/local/me/sessions', role: 'viewer', self: true, result: ok<SessionView[]>() },
  { method: 'DELETE', path: '/api/local/me/sessions/:handle', role: 'viewer', self: true, body: noBody, result: ok<{ handle: string }>() },
  { method: 'GET', path: '/api/local/me/tokens', role: 'viewer', self: true, result: ok<ApiTokenView[]>() },
  { method: 'POST', path: '/api/local/me/tokens', role: 'viewer', self: true, body: apiTokenInputSchema, result: ok<ApiTokenView & { token: string }>() },
  { method: 'DELETE', path: '/api/local/me/tokens/:id', role: 'viewer', self: true, body: noBody, result: ok<{ id: string }>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews', role: 'viewer', practice: true, query: reviewLedgerQuery, result: z.array(reviewEntrySchema) },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/export.csv', role: 'viewer', practice: true },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews', role: writesReviews, practice: true, body: reviewInputSchema, result: reviewEntrySchema },
  // The zone's payment pages, and pattern verdicts (one verdict for every script a host or URL pattern matches).
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', role: 'viewer', practice: true, result: z.array(paymentPageSchema) },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', role: writesReviews, practice: true, body: paymentPageInputSchema, result: paymentPageSchema },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id', role: writesReviews, practice: true, body: noBody, result: ok<{ id: number }>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns', role: 'viewer', practice: true, result: z.array(patternVerdictSchema) },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns', role: writesReviews, practice: true, body: patternVerdictInputSchema, result: patternVerdictSchema },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/page-shield/reviews/patterns/:id', role: writesReviews, practice: true, body: noBody, result: ok<{ id: number }>() },
  // Verdicts on connections, and the index of the zone's connections they are joined with.
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-reviews', role: 'viewer', practice: true, query: connectionLedgerQuery, result: z.array(connectionReviewEntrySchema) },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/connection-reviews', role: writesReviews, practice: true, body: connectionReviewInputSchema, result: connectionReviewEntrySchema },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-index', role: 'viewer', practice: true, query: connectionIndexQuery, result: ok<ConnectionIndexAnswer>() },
  // One search across every zone's DNS records (the dashboard's record index; `format=csv`: every match). Scope is applied by the handler.
  { method: 'GET', path: '/api/local/search/records', role: 'viewer', query: recordSearchQuery, result: ok<RecordSearchReply>() },
  // The zone's scripts index joined with the ledger (exact review counts, filters, full CSV).
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index', role: 'viewer', practice: true, query: scriptIndexQuery, result: ok<ScriptIndexReply>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index/export.csv', role: 'viewer', practice: true, query: scriptIndexExportQuery },
  { method: 'GET', path: '/api/local/people', role: 'admin', result: ok<PersonView[]>() },
  { method: 'POST', path: '/api/local/people', role: 'admin', body: personInputSchema, result: ok<PersonView>() },
  { method: 'PATCH', path: '/api/local/people/:person_id', role: 'admin', body: personPatchSchema, result: ok<PersonView>() },
  { method: 'DELETE', path: '/api/local/people/:person_id', role: 'admin', body: noBody, result: ok<{ id: string; username: string; display_name: string }>() },
  { method: 'POST', path: '/api/local/people/:person_id/password', role: 'admin', body: noBody, result: ok<{ password: string; sessions_ended: number; tokens_revoked: number }>() },
  { method: 'PUT', path: '/api/local/people/:person_id/sso', role: 'admin', body: ssoLinkSchema, result: ok<PersonView>() },
  { method: 'DELETE', path: '/api/local/people/:person_id/sso', role: 'admin', body: noBody, result: ok<PersonView>() },
  { method: 'GET', path: '/api/local/people/:person_id/sessions', role: 'admin', result: ok<SessionView[]>() },
  { method: 'DELETE', path: '/api/local/people/:person_id/sessions', role: 'admin', body: noBody, result: ok<{ sessions_ended: number }>() },
  { method: 'GET', path: '/api/local/people/:person_id/tokens', role: 'admin', result: ok<ApiTokenView[]>() },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens', role: 'admin', body: noBody, result: ok<{ tokens_revoked: number }>() },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens/:id', role: 'admin', body: noBody, result: ok<{ id: string }>() },
  { method: 'DELETE', path: '/api/local/people/:person_id/two-factor', role: 'admin', body: noBody, result: ok<{ reset: boolean }>() },
  { method: 'GET', path: '/api/local/settings/two-factor', role: 'admin', result: twoFactorPolicySchema },
  { method: 'PUT', path: '/api/local/settings/two-factor', role: 'admin', body: twoFactorPolicySchema, result: twoFactorPolicySchema },
  // Served by the sandbox's door (registered before the local routes): it reads no body.
  { method: 'POST', path: '/api/sandbox/reset', role: 'admin', body: noBody, result: ok<{ reset: true }>() },
  // The load-balancing migration's progress (account-level work; administrators always have every zone).
  { method: 'GET', path: '/api/local/accounts/:account_id/lb-migration', role: writesMigration, result: ok<SavedMigration | null>() },
  { method: 'PUT', path: '/api/local/accounts/:account_id/lb-migration', role: writesMigration, body: migrationStateSchema, result: ok<Omit<SavedMigration, 'state'>>() },
  { method: 'DELETE', path: '/api/local/accounts/:account_id/lb-migration', role: writesMigration, body: noBody, result: z.null() },
  // Audit log: everyone reads their own scope; an undo's write is checked at the API door.
  // (Its list and export read their own query: src/server/audit/routes.ts.)
  { method: 'GET', path: '/api/local/audit', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/export.csv', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/history', role: 'viewer', result: ok<AuditEntryView[]>() },
  // The chain's verification, for administrators (it reads every entry).
  { method: 'GET', path: '/api/local/audit/chain', role: 'admin', result: ok<AuditChainView>() },
  { method: 'GET', path: '/api/local/audit/:id', role: 'viewer', result: ok<{ entry: AuditEntryView }>() },
  { method: 'GET', path: '/api/local/audit/:id/restore-point', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/undo-check', role: 'viewer', result: ok<UndoCheckView>() },
  { method: 'POST', path: '/api/local/audit/:id/undo', role: 'viewer', body: undoBody },
  // Script watch: everyone in scope reads alerts, checks, the schedule, the channels and the report;
  // reviewers acknowledge alerts and test channels; administrators set schedules and channels, ask for a check, and simulate sandbox activity.
  { method: 'GET', path: '/api/local/zones/:zone_id/watch', role: 'viewer', result: ok<WatchSettings>() },
  { method: 'PUT', path: '/api/local/zones/:zone_id/watch', role: 'admin', body: watchSettingsInputSchema, result: ok<WatchSettings>() },
  // Channels: everyone in scope reads them (without secrets, unless an administrator); reviewers and up send a test.
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/channels', role: 'viewer', result: ok<WatchChannelEntry[]>() },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/channels', role: 'admin', body: watchChannelInputSchema, result: ok<WatchChannelEntry & { secret?: string }>() },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/watch/channels/:channel_id', role: 'admin', body: noBody, result: ok<{ id: string }>() },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/channels/:channel_id/test', role: writesReviews, body: noBody, result: ok<WatchChannelTestResult>() },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/check', role: 'admin', body: noBody, result: ok<{ zone_id: string; due: true }>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/alerts', role: 'viewer', result: ok<WatchAlert[]>() },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/alerts/:alert_id/read', role: writesReviews, body: noBody, result: ok<{ id: number; read: true }>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/runs', role: 'viewer', result: ok<WatchRunEntry[]>() },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report', role: 'viewer' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report.csv', role: 'viewer' },
  {
    method: 'POST',
    path: '/api/sandbox/page-shield/activity',
    role: 'admin',
    body: watchActivityInputSchema,
    result: ok<{ zone_id: string; kind: string; description: string; script_id?: string; connection_id?: string }>(),
  },
  // Practice sandbox: everyone switches their own session and resets their own practice data.
  { method: 'GET', path: '/api/local/practice', role: 'viewer', self: true, result: ok<PracticeView>() },
  { method: 'POST', path: '/api/local/practice', role: 'viewer', self: true, body: practiceSwitchSchema, result: ok<PracticeView>() },
  { method: 'POST', path: '/api/local/practice/reset', role: 'viewer', self: true, body: noBody, result: ok<{ reset: true; entriesRemoved: number }>() },
  // The API rate budget panel: administrators.
  { method: 'GET', path: '/api/local/budget', role: 'admin', result: ok<BudgetPanelData>() },
  // Change requests: each route decides from the zone's settings, the person and their scope.
  { method: 'GET', path: '/api/local/change-requests', role: 'viewer', result: ok<ChangeRequestView[]>() },
  { method: 'POST', path: '/api/local/change-requests', role: 'viewer', body: newChangeRequestSchema, result: CR },
  { method: 'GET', path: '/api/local/change-requests/summary', role: 'viewer', result: ok<{ toApprove: number; mineNeedingAttention: number }>() },
  { method: 'GET', path: '/api/local/change-requests/zones', role: 'admin', result: ok<(ZoneApprovalSettings & { zoneName: string })[]>() },
  { method: 'GET', path: '/api/local/change-requests/zones/:zone_id', role: 'viewer', result: ok<ZoneApprovalView>() },
  { method: 'PUT', path: '/api/local/change-requests/zones/:zone_id', role: 'admin', practice: true, body: zoneApprovalInputSchema, result: ok<ZoneApprovalSettings>() },
  { method: 'POST', path: '/api/local/change-requests/zones/:zone_id/zone-file', role: 'viewer', body: zoneFileProposalSchema, result: ok<ZoneFileProposal>() },
  { method: 'GET', path: '/api/local/change-requests/people', role: 'admin', result: ok<{ personId: string; mayPropose: boolean; email: string | null }[]>() },
  { method: 'PUT', path: '/api/local/change-requests/people/:person_id', role: 'admin', body: personChangeSettingsSchema, result: ok<{ personId: string; mayPropose: boolean; email: string | null }>() },
  { method: 'GET', path: '/api/local/change-requests/:id', role: 'viewer', result: ok<ChangeRequestDetail>() },
  { method: 'POST', path: '/api/local/change-requests/:id/approve', role: 'viewer', body: noBody, result: CR },
  { method: 'POST', path: '/api/local/change-requests/:id/reject', role: 'viewer', body: rejectSchema, result: CR },
  { method: 'POST', path: '/api/local/change-requests/:id/refresh', role: 'viewer', body: noBody, result: CR },
  { method: 'POST', path: '/api/local/change-requests/:id/done', role: 'viewer', body: noBody, result: CR },
  { method: 'POST', path: '/api/local/change-requests/:id/withdraw', role: 'viewer', body: noBody, result: CR },
  { method: 'POST', path: '/api/local/change-requests/:id/undo', role: 'viewer', body: undoBody, result: CR },
] as const satisfies readonly LocalRouteEntry[]
