import { grantSchema } from '../account-grants'
import { z } from 'zod'
import { writeRole, type AccessRole } from '../access'
import { connectionIndexQuery, connectionLedgerQuery, reviewLedgerQuery, scriptIndexQuery } from '../lists/page-shield-index'
import { listQuery, type Fields, type ListQuery } from '../lists/query'
import { accountsScopeSchema } from '../schemas/accounts-scope'
import { auditChainViewSchema, auditEntryAnswerSchema, auditEntryViewSchema, undoCheckViewSchema } from '../schemas/audit'
import {
  changeRequestDetailSchema,
  changeRequestSummarySchema,
  changeRequestViewSchema,
  newChangeRequestSchema,
  personChangeSettingsSchema,
  personChangeViewSchema,
  rejectSchema,
  zoneApprovalInputSchema,
  zoneApprovalListEntrySchema,
  zoneApprovalSettingsSchema,
  zoneApprovalViewSchema,
  zoneFileProposalSchema,
  zoneFileProposalViewSchema,
} from '../schemas/change-requests'
import { migrationStateSchema, savedMigrationSchema } from '../schemas/load-balancing-migration'
import {
  budgetPanelDataSchema,
  connectionIndexAnswerSchema,
  noBodySchema,
  practiceSwitchSchema,
  scriptIndexReplySchema,
} from '../schemas/local'
import {
  connectionReviewEntrySchema,
  connectionReviewInputSchema,
  reviewEntrySchema,
  reviewInputSchema,
} from '../schemas/page-shield-review'
import {
  apiTokenInputSchema,
  apiTokenViewSchema,
  meViewSchema,
  ownSettingsSchema,
  personInputSchema,
  personPatchSchema,
  personViewSchema,
  sessionViewSchema,
  ssoLinkSchema,
  twoFactorPolicySchema,
} from '../schemas/people'
import { practiceViewSchema } from '../schemas/practice'
import {
  watchActivityInputSchema,
  watchAlertSchema,
  watchChannelCreatedSchema,
  watchChannelEntrySchema,
  watchChannelInputSchema,
  watchChannelTestResultSchema,
  watchRunEntrySchema,
  watchSettingsInputSchema,
  watchSettingsSchema,
} from '../schemas/watch'
import {
  credentialInputSchema,
  credentialRemovedSchema,
  credentialSecretSchema,
  credentialsPageSchema,
  credentialViewSchema,
} from '../schemas/credentials'
import {
  paymentPageInputSchema,
  paymentPageSchema,
  patternVerdictInputSchema,
  patternVerdictSchema,
} from '../schemas/page-shield-patterns'
import type { AuditAction, AuditArea } from '../lists/audit'
import type { HttpMethod } from './types'
import { recordSearchQuery } from '../search/record-search'
import { recordSearchReplySchema } from '../schemas/search'
import {
  replaceApplyBodySchema,
  replacePreviewBodySchema,
  replacePreviewSchema,
  replaceZoneResultSchema,
} from '../schemas/record-replace'
import { attentionAnswerSchema } from '../schemas/attention'
import { lazySchema } from '../schemas/lazy'

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
   * The JSON answer's `result`, a zod schema beside its area's others (the view the server builds):
   * the browser's call to the route takes its type from it (`localCall`, types only: the browser
   * does not parse answers), and src/server/local/results.test.ts parses every GET's answer with it.
   */
  result?: z.ZodType
  /**
   * What a write's audit entry says (src/server/audit/describe.ts): its area and action from the
   * audit log's vocabulary, the type of object it changes and the path parameter naming that object.
   * A handler that knows more (a change request: its title, its zone) adds to it; `'own'`: the write
   * it makes through the API has its own entry (an audit undo), so the route adds none.
   */
  audit?: LocalAudit | 'own'
}

export interface LocalAudit {
  area: AuditArea
  type: string
  action: AuditAction
  /** The path parameter whose value is the changed object's id. */
  id?: string
}

const CR = changeRequestViewSchema
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
const undoBody = lazySchema(() =>
  z
    .object(
      { confirm: z.boolean({ error: 'confirm is true (undo over changes made since) or false.' }).optional() },
      { error: 'The body must be empty or a JSON object such as {"confirm": true}.' },
    )
    .optional(),
)

/**
 * The dashboard's own routes, declared once: the server's role gate reads this list
 * (src/server/auth/endpoint-roles.ts), its local router validates each declared body and query
 * before the handler runs (src/server/local/read-body.ts), the browser types its calls from it
 * (`localCall`: path params, body and result; types only), and tests check that the server routes
 * exactly these (src/server/conformance/endpoint-table.test.ts) and that every write declares its body
 * (src/server/local/read-body.test.ts). Add a route here and register its handler; nothing else.
 */
export const LOCAL_ROUTES = [
  { method: 'GET', path: '/api/local/me', role: 'viewer', self: true, result: meViewSchema },
  {
    method: 'PATCH',
    path: '/api/local/me',
    role: 'viewer',
    self: true,
    body: ownSettingsSchema,
    result: meViewSchema,
    audit: { area: 'people', type: 'me', action: 'update' },
  },
  {
    method: 'GET',
    path: '/api/local/me/sessions',
    role: 'viewer',
    self: true,
    result: lazySchema(() => z.array(sessionViewSchema)),
  },
  {
    method: 'DELETE',
    path: '/api/local/me/sessions/:handle',
    role: 'viewer',
    self: true,
    body: noBody,
    result: lazySchema(() => z.object({ handle: z.string() })),
    audit: { area: 'people', type: 'session', action: 'delete', id: 'handle' },
  },
  {
    method: 'GET',
    path: '/api/local/me/tokens',
    role: 'viewer',
    self: true,
    result: lazySchema(() => z.array(apiTokenViewSchema)),
  },
  {
    method: 'POST',
    path: '/api/local/me/tokens',
    role: 'viewer',
    self: true,
    body: apiTokenInputSchema,
    result: lazySchema(() => apiTokenViewSchema.extend({ token: z.string() })),
    audit: { area: 'people', type: 'api_token', action: 'token-create' },
  },
  {
    method: 'DELETE',
    path: '/api/local/me/tokens/:id',
    role: 'viewer',
    self: true,
    body: noBody,
    result: lazySchema(() => z.object({ id: z.string() })),
    audit: { area: 'people', type: 'api_token', action: 'token-revoke', id: 'id' },
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/reviews',
    role: 'viewer',
    practice: true,
    query: reviewLedgerQuery,
    result: lazySchema(() => z.array(reviewEntrySchema)),
  },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/export.csv', role: 'viewer', practice: true },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/page-shield/reviews',
    role: writesReviews,
    practice: true,
    body: reviewInputSchema,
    result: reviewEntrySchema,
    audit: { area: 'page-shield', type: 'review_verdict', action: 'create' },
  },
  // The zone's payment pages, and pattern verdicts (one verdict for every script a host or URL pattern matches).
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages',
    role: 'viewer',
    practice: true,
    result: lazySchema(() => z.array(paymentPageSchema)),
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages',
    role: writesReviews,
    practice: true,
    body: paymentPageInputSchema,
    result: paymentPageSchema,
    audit: { area: 'page-shield', type: 'payment_page', action: 'create' },
  },
  {
    method: 'DELETE',
    path: '/api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id',
    role: writesReviews,
    practice: true,
    body: noBody,
    result: lazySchema(() => z.object({ id: z.number() })),
    audit: { area: 'page-shield', type: 'payment_page', action: 'delete', id: 'id' },
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/reviews/patterns',
    role: 'viewer',
    practice: true,
    result: lazySchema(() => z.array(patternVerdictSchema)),
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/page-shield/reviews/patterns',
    role: writesReviews,
    practice: true,
    body: patternVerdictInputSchema,
    result: patternVerdictSchema,
    audit: { area: 'page-shield', type: 'pattern_verdict', action: 'create' },
  },
  {
    method: 'DELETE',
    path: '/api/local/zones/:zone_id/page-shield/reviews/patterns/:id',
    role: writesReviews,
    practice: true,
    body: noBody,
    result: lazySchema(() => z.object({ id: z.number() })),
    audit: { area: 'page-shield', type: 'pattern_verdict', action: 'delete', id: 'id' },
  },
  // Verdicts on connections, and the index of the zone's connections they are joined with.
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/connection-reviews',
    role: 'viewer',
    practice: true,
    query: connectionLedgerQuery,
    result: lazySchema(() => z.array(connectionReviewEntrySchema)),
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/page-shield/connection-reviews',
    role: writesReviews,
    practice: true,
    body: connectionReviewInputSchema,
    result: connectionReviewEntrySchema,
    audit: { area: 'page-shield', type: 'connection_verdict', action: 'create' },
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/connection-index',
    role: 'viewer',
    practice: true,
    query: connectionIndexQuery,
    result: connectionIndexAnswerSchema,
  },
  // One search across every zone's DNS records (the dashboard's record index; `format=csv`: every match). Scope is applied by the handler.
  { method: 'GET', path: '/api/local/search/records', role: 'viewer', query: recordSearchQuery, result: recordSearchReplySchema },
  // One change across the matches (server/search/replace.ts): a preview per zone (reads only), then one call per zone (its batches or its change request).
  {
    method: 'POST',
    path: '/api/local/search/replace/preview',
    role: 'editor',
    body: replacePreviewBodySchema,
    result: replacePreviewSchema,
    audit: { area: 'dns', type: 'record_replace', action: 'read' },
  },
  {
    method: 'POST',
    path: '/api/local/search/replace/zones/:zone_id',
    role: 'editor',
    body: replaceApplyBodySchema,
    result: replaceZoneResultSchema,
    audit: { area: 'dns', type: 'record_replace', action: 'batch', id: 'zone_id' },
  },
  // What needs attention across the person's scope (certificates, scripts, requests, alerts, log jobs, pools, credentials). Scope is applied by the handler.
  { method: 'GET', path: '/api/local/attention', role: 'viewer', result: attentionAnswerSchema },
  // The zone's scripts index joined with the ledger (exact review counts, filters, full CSV).
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/script-index',
    role: 'viewer',
    practice: true,
    query: scriptIndexQuery,
    result: scriptIndexReplySchema,
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/page-shield/script-index/export.csv',
    role: 'viewer',
    practice: true,
    query: scriptIndexExportQuery,
  },
  { method: 'GET', path: '/api/local/people', role: 'admin', result: lazySchema(() => z.array(personViewSchema)) },
  {
    method: 'POST',
    path: '/api/local/people',
    role: 'admin',
    body: personInputSchema,
    result: personViewSchema,
    audit: { area: 'people', type: 'person', action: 'create' },
  },
  {
    method: 'PATCH',
    path: '/api/local/people/:person_id',
    role: 'admin',
    body: personPatchSchema,
    result: personViewSchema,
    audit: { area: 'people', type: 'person', action: 'update', id: 'person_id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ id: z.string(), username: z.string(), display_name: z.string() })),
    audit: { area: 'people', type: 'person', action: 'delete', id: 'person_id' },
  },
  {
    method: 'POST',
    path: '/api/local/people/:person_id/password',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ password: z.string(), sessions_ended: z.number(), tokens_revoked: z.number() })),
    audit: { area: 'people', type: 'person', action: 'password', id: 'person_id' },
  },
  {
    method: 'PUT',
    path: '/api/local/people/:person_id/sso',
    role: 'admin',
    body: ssoLinkSchema,
    result: personViewSchema,
    audit: { area: 'people', type: 'person', action: 'link-sso', id: 'person_id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/sso',
    role: 'admin',
    body: noBody,
    result: personViewSchema,
    audit: { area: 'people', type: 'person', action: 'unlink-sso', id: 'person_id' },
  },
  {
    method: 'GET',
    path: '/api/local/people/:person_id/sessions',
    role: 'admin',
    result: lazySchema(() => z.array(sessionViewSchema)),
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/sessions',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ sessions_ended: z.number() })),
    audit: { area: 'people', type: 'person', action: 'end-sessions', id: 'person_id' },
  },
  {
    method: 'GET',
    path: '/api/local/people/:person_id/tokens',
    role: 'admin',
    result: lazySchema(() => z.array(apiTokenViewSchema)),
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/tokens',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ tokens_revoked: z.number() })),
    audit: { area: 'people', type: 'api_token', action: 'tokens-revoke' },
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/tokens/:id',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ id: z.string() })),
    audit: { area: 'people', type: 'api_token', action: 'token-revoke', id: 'id' },
  },
  {
    method: 'PUT',
    path: '/api/local/people/:person_id/grants',
    role: 'admin',
    body: grantSchema,
    result: lazySchema(() => z.array(grantSchema)),
    audit: { area: 'people', type: 'person', action: 'update', id: 'person_id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/grants/:account',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.array(grantSchema)),
    audit: { area: 'people', type: 'person', action: 'update', id: 'person_id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/people/:person_id/two-factor',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ reset: z.boolean() })),
    audit: { area: 'people', type: 'two_factor', action: 'two-factor-reset', id: 'person_id' },
  },
  { method: 'GET', path: '/api/local/settings/two-factor', role: 'admin', result: twoFactorPolicySchema },
  {
    method: 'PUT',
    path: '/api/local/settings/two-factor',
    role: 'admin',
    body: twoFactorPolicySchema,
    result: twoFactorPolicySchema,
    audit: { area: 'people', type: 'two_factor_policy', action: 'update' },
  },
  // The accounts the deployment's credentials reach, each with the credentials that reach it (names only): the account switcher's list.
  { method: 'GET', path: '/api/local/accounts', role: 'viewer', result: accountsScopeSchema },
  // The credential vault: API credentials sealed in the store (never answered with their secret).
  { method: 'GET', path: '/api/local/credentials', role: 'admin', result: credentialsPageSchema },
  {
    method: 'POST',
    path: '/api/local/credentials',
    role: 'admin',
    body: credentialInputSchema,
    result: credentialViewSchema,
    audit: { area: 'credentials', type: 'credential', action: 'create' },
  },
  {
    method: 'PUT',
    path: '/api/local/credentials/:id',
    role: 'admin',
    body: credentialSecretSchema,
    result: credentialViewSchema,
    audit: { area: 'credentials', type: 'credential', action: 'replace', id: 'id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/credentials/:id',
    role: 'admin',
    body: noBody,
    result: credentialRemovedSchema,
    audit: { area: 'credentials', type: 'credential', action: 'delete', id: 'id' },
  },
  // Served by the sandbox's door (registered before the local routes): it reads no body.
  {
    method: 'POST',
    path: '/api/sandbox/reset',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ reset: z.literal(true) })),
    audit: { area: 'sandbox', type: 'sandbox', action: 'reset' },
  },
  // The load-balancing migration's progress (account-level work; administrators always have every zone).
  {
    method: 'GET',
    path: '/api/local/accounts/:account_id/lb-migration',
    role: writesMigration,
    result: lazySchema(() => savedMigrationSchema.nullable()),
  },
  {
    method: 'PUT',
    path: '/api/local/accounts/:account_id/lb-migration',
    role: writesMigration,
    body: migrationStateSchema,
    result: lazySchema(() => savedMigrationSchema.omit({ state: true })),
    audit: { area: 'load-balancing', type: 'lb_migration', action: 'update', id: 'account_id' },
  },
  {
    method: 'DELETE',
    path: '/api/local/accounts/:account_id/lb-migration',
    role: writesMigration,
    body: noBody,
    result: lazySchema(() => z.null()),
    audit: { area: 'load-balancing', type: 'lb_migration', action: 'delete', id: 'account_id' },
  },
  // Audit log: everyone reads their own scope; an undo's write is checked at the API door.
  // (Its list and export read their own query: src/server/audit/routes.ts.)
  { method: 'GET', path: '/api/local/audit', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/export.csv', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/history', role: 'viewer', result: lazySchema(() => z.array(auditEntryViewSchema)) },
  // The chain's verification, for administrators (it reads every entry).
  { method: 'GET', path: '/api/local/audit/chain', role: 'admin', result: auditChainViewSchema },
  { method: 'GET', path: '/api/local/audit/:id', role: 'viewer', result: auditEntryAnswerSchema },
  { method: 'GET', path: '/api/local/audit/:id/restore-point', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/undo-check', role: 'viewer', result: undoCheckViewSchema },
  { method: 'POST', path: '/api/local/audit/:id/undo', role: 'viewer', body: undoBody, audit: 'own' },
  // Script watch: everyone in scope reads alerts, checks, the schedule, the channels and the report;
  // reviewers acknowledge alerts and test channels; administrators set schedules and channels, ask for a check, and simulate sandbox activity.
  { method: 'GET', path: '/api/local/zones/:zone_id/watch', role: 'viewer', result: watchSettingsSchema },
  {
    method: 'PUT',
    path: '/api/local/zones/:zone_id/watch',
    role: 'admin',
    body: watchSettingsInputSchema,
    result: watchSettingsSchema,
    audit: { area: 'page-shield', type: 'script_watch', action: 'update' },
  },
  // Channels: everyone in scope reads them (without secrets, unless an administrator); reviewers and up send a test.
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/watch/channels',
    role: 'viewer',
    result: lazySchema(() => z.array(watchChannelEntrySchema)),
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/watch/channels',
    role: 'admin',
    body: watchChannelInputSchema,
    result: watchChannelCreatedSchema,
    audit: { area: 'page-shield', type: 'watch_channel', action: 'create' },
  },
  {
    method: 'DELETE',
    path: '/api/local/zones/:zone_id/watch/channels/:channel_id',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ id: z.string() })),
    audit: { area: 'page-shield', type: 'watch_channel', action: 'delete', id: 'channel_id' },
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/watch/channels/:channel_id/test',
    role: writesReviews,
    body: noBody,
    result: watchChannelTestResultSchema,
    audit: { area: 'page-shield', type: 'watch_channel', action: 'send-test', id: 'channel_id' },
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/watch/check',
    role: 'admin',
    body: noBody,
    result: lazySchema(() => z.object({ zone_id: z.string(), due: z.literal(true) })),
    audit: { area: 'page-shield', type: 'script_watch', action: 'check' },
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/watch/alerts',
    role: 'viewer',
    result: lazySchema(() => z.array(watchAlertSchema)),
  },
  {
    method: 'POST',
    path: '/api/local/zones/:zone_id/watch/alerts/:alert_id/read',
    role: writesReviews,
    body: noBody,
    result: lazySchema(() => z.object({ id: z.number(), read: z.literal(true) })),
    audit: { area: 'page-shield', type: 'watch_alert', action: 'mark-read', id: 'alert_id' },
  },
  {
    method: 'GET',
    path: '/api/local/zones/:zone_id/watch/runs',
    role: 'viewer',
    result: lazySchema(() => z.array(watchRunEntrySchema)),
  },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report', role: 'viewer' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report.csv', role: 'viewer' },
  {
    method: 'POST',
    path: '/api/sandbox/page-shield/activity',
    role: 'admin',
    body: watchActivityInputSchema,
    result: lazySchema(() =>
      z.object({
        zone_id: z.string(),
        kind: z.string(),
        description: z.string(),
        script_id: z.string().optional(),
        connection_id: z.string().optional(),
      }),
    ),
    audit: { area: 'page-shield', type: 'sandbox_activity', action: 'simulate' },
  },
  // Practice sandbox: everyone switches their own session and resets their own practice data.
  { method: 'GET', path: '/api/local/practice', role: 'viewer', self: true, result: practiceViewSchema },
  {
    method: 'POST',
    path: '/api/local/practice',
    role: 'viewer',
    self: true,
    body: practiceSwitchSchema,
    result: practiceViewSchema,
    audit: { area: 'practice', type: 'practice_sandbox', action: 'switch' },
  },
  {
    method: 'POST',
    path: '/api/local/practice/reset',
    role: 'viewer',
    self: true,
    body: noBody,
    result: lazySchema(() => z.object({ reset: z.literal(true), entriesRemoved: z.number() })),
    audit: { area: 'practice', type: 'practice_sandbox', action: 'reset' },
  },
  // The API rate budget panel: administrators.
  { method: 'GET', path: '/api/local/budget', role: 'admin', result: budgetPanelDataSchema },
  // Change requests: each route decides from the zone's settings, the person and their scope.
  {
    method: 'GET',
    path: '/api/local/change-requests',
    role: 'viewer',
    result: lazySchema(() => z.array(changeRequestViewSchema)),
  },
  {
    method: 'POST',
    path: '/api/local/change-requests',
    role: 'viewer',
    body: newChangeRequestSchema,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'file' },
  },
  { method: 'GET', path: '/api/local/change-requests/summary', role: 'viewer', result: changeRequestSummarySchema },
  {
    method: 'GET',
    path: '/api/local/change-requests/zones',
    role: 'admin',
    result: lazySchema(() => z.array(zoneApprovalListEntrySchema)),
  },
  { method: 'GET', path: '/api/local/change-requests/zones/:zone_id', role: 'viewer', result: zoneApprovalViewSchema },
  {
    method: 'PUT',
    path: '/api/local/change-requests/zones/:zone_id',
    role: 'admin',
    practice: true,
    body: zoneApprovalInputSchema,
    result: zoneApprovalSettingsSchema,
    audit: { area: 'change-requests', type: 'zone_approval', action: 'update', id: 'zone_id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/zones/:zone_id/zone-file',
    role: 'viewer',
    body: zoneFileProposalSchema,
    result: zoneFileProposalViewSchema,
    audit: { area: 'change-requests', type: 'zone_file', action: 'read' },
  },
  {
    method: 'GET',
    path: '/api/local/change-requests/people',
    role: 'admin',
    result: lazySchema(() => z.array(personChangeViewSchema)),
  },
  {
    method: 'PUT',
    path: '/api/local/change-requests/people/:person_id',
    role: 'admin',
    body: personChangeSettingsSchema,
    result: personChangeViewSchema,
    audit: { area: 'people', type: 'person', action: 'update', id: 'person_id' },
  },
  { method: 'GET', path: '/api/local/change-requests/:id', role: 'viewer', result: changeRequestDetailSchema },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/approve',
    role: 'viewer',
    body: noBody,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'approve', id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/reject',
    role: 'viewer',
    body: rejectSchema,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'reject', id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/refresh',
    role: 'viewer',
    body: noBody,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'refresh', id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/done',
    role: 'viewer',
    body: noBody,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'update', id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/withdraw',
    role: 'viewer',
    body: noBody,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'withdraw', id: 'id' },
  },
  {
    method: 'POST',
    path: '/api/local/change-requests/:id/undo',
    role: 'viewer',
    body: undoBody,
    result: CR,
    audit: { area: 'change-requests', type: 'change_request', action: 'undo', id: 'id' },
  },
] as const satisfies readonly LocalRouteEntry[]
