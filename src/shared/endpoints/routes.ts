import type { ApiArea, HttpMethod } from './types'

/**
 * The API endpoints the dashboard uses, without their schemas: method, path template (`:name` for
 * identifiers, relative to the API base) and area. This file imports nothing at run time, so the
 * browser types its calls from it at no cost to the first load; the server's table (`./index`)
 * attaches the zod schemas to the same entries, and a test keeps the two in step.
 */
export const API_ROUTES = [
  // zones
  { method: 'GET', path: '/zones', area: 'zones' },
  { method: 'GET', path: '/zones/:zone_id', area: 'zones' },
  // dns
  { method: 'GET', path: '/zones/:zone_id/dns_records', area: 'dns' },
  { method: 'POST', path: '/zones/:zone_id/dns_records', area: 'dns' },
  { method: 'GET', path: '/zones/:zone_id/dns_records/export', area: 'dns' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/import', area: 'dns' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/batch', area: 'dns' },
  { method: 'GET', path: '/zones/:zone_id/dns_records/:dns_record_id', area: 'dns' },
  { method: 'PATCH', path: '/zones/:zone_id/dns_records/:dns_record_id', area: 'dns' },
  { method: 'PUT', path: '/zones/:zone_id/dns_records/:dns_record_id', area: 'dns' },
  { method: 'DELETE', path: '/zones/:zone_id/dns_records/:dns_record_id', area: 'dns' },
  // page-shield
  { method: 'GET', path: '/zones/:zone_id/page_shield', area: 'page-shield' },
  { method: 'PUT', path: '/zones/:zone_id/page_shield', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/scripts', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/scripts/:script_id', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/connections', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/connections/:connection_id', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/cookies', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/cookies/:cookie_id', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies', area: 'page-shield' },
  { method: 'POST', path: '/zones/:zone_id/page_shield/policies', area: 'page-shield' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies/:policy_id', area: 'page-shield' },
  { method: 'PUT', path: '/zones/:zone_id/page_shield/policies/:policy_id', area: 'page-shield' },
  { method: 'DELETE', path: '/zones/:zone_id/page_shield/policies/:policy_id', area: 'page-shield' },
  // certificates
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs', area: 'certificates' },
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', area: 'certificates' },
  { method: 'PATCH', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', area: 'certificates' },
  // log-fields
  { method: 'GET', path: '/zones/:zone_id/rulesets', area: 'log-fields' },
  { method: 'POST', path: '/zones/:zone_id/rulesets', area: 'log-fields' },
  { method: 'GET', path: '/zones/:zone_id/rulesets/phases/:phase/entrypoint', area: 'log-fields' },
  { method: 'GET', path: '/zones/:zone_id/rulesets/:ruleset_id', area: 'log-fields' },
  { method: 'PUT', path: '/zones/:zone_id/rulesets/:ruleset_id', area: 'log-fields' },
  { method: 'GET', path: '/zones/:zone_id/logpush/jobs', area: 'log-fields' },
  { method: 'POST', path: '/zones/:zone_id/logpush/jobs', area: 'log-fields' },
  { method: 'GET', path: '/zones/:zone_id/logpush/jobs/:job_id', area: 'log-fields' },
  { method: 'PUT', path: '/zones/:zone_id/logpush/jobs/:job_id', area: 'log-fields' },
  { method: 'DELETE', path: '/zones/:zone_id/logpush/jobs/:job_id', area: 'log-fields' },
  { method: 'POST', path: '/zones/:zone_id/logpush/ownership', area: 'log-fields' },
  { method: 'POST', path: '/zones/:zone_id/logpush/ownership/validate', area: 'log-fields' },
  { method: 'GET', path: '/zones/:zone_id/logpush/datasets/:dataset_id/fields', area: 'log-fields' },
  // firewall
  { method: 'GET', path: '/zones/:zone_id/firewall/rules', area: 'firewall' },
  { method: 'GET', path: '/zones/:zone_id/firewall/rules/:rule_id', area: 'firewall' },
  { method: 'DELETE', path: '/zones/:zone_id/firewall/rules/:rule_id', area: 'firewall' },
  { method: 'DELETE', path: '/zones/:zone_id/firewall/rules', area: 'firewall' },
  // load-balancing
  { method: 'GET', path: '/accounts/:account_id/load_balancers/pools', area: 'load-balancing' },
  { method: 'GET', path: '/accounts/:account_id/load_balancers/pools/:pool_id', area: 'load-balancing' },
  { method: 'PATCH', path: '/accounts/:account_id/load_balancers/pools', area: 'load-balancing' },
  // alerting
  { method: 'GET', path: '/accounts/:account_id/alerting/v3/policies', area: 'alerting' },
  { method: 'POST', path: '/accounts/:account_id/alerting/v3/policies', area: 'alerting' },
  { method: 'GET', path: '/accounts/:account_id/alerting/v3/policies/:policy_id', area: 'alerting' },
  { method: 'DELETE', path: '/accounts/:account_id/alerting/v3/policies/:policy_id', area: 'alerting' },
  // invites
  { method: 'GET', path: '/user/invites', area: 'invites' },
  { method: 'GET', path: '/user/invites/:invite_id', area: 'invites' },
  { method: 'PATCH', path: '/user/invites/:invite_id', area: 'invites' },
] as const satisfies readonly { method: HttpMethod; path: string; area: ApiArea }[]

/**
 * The dashboard's own endpoints (`/api/local/…`, `/api/sandbox/reset`): not the API's, same
 * envelope. Declared so the browser's calls to them are checked the same way.
 */
export const LOCAL_ROUTES = [
  { method: 'GET', path: '/api/local/me' },
  { method: 'GET', path: '/api/local/me/sessions' },
  { method: 'DELETE', path: '/api/local/me/sessions/:handle' },
  { method: 'GET', path: '/api/local/me/tokens' },
  { method: 'POST', path: '/api/local/me/tokens' },
  { method: 'DELETE', path: '/api/local/me/tokens/:id' },
  { method: 'GET', path: '/api/local/people' },
  { method: 'POST', path: '/api/local/people' },
  { method: 'PATCH', path: '/api/local/people/:person_id' },
  { method: 'POST', path: '/api/local/people/:person_id/password' },
  { method: 'PUT', path: '/api/local/people/:person_id/sso' },
  { method: 'DELETE', path: '/api/local/people/:person_id/sso' },
  { method: 'GET', path: '/api/local/people/:person_id/sessions' },
  { method: 'DELETE', path: '/api/local/people/:person_id/sessions' },
  { method: 'GET', path: '/api/local/people/:person_id/tokens' },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens' },
  { method: 'DELETE', path: '/api/local/people/:person_id/tokens/:id' },
  { method: 'DELETE', path: '/api/local/people/:person_id/two-factor' },
  { method: 'GET', path: '/api/local/settings/two-factor' },
  { method: 'PUT', path: '/api/local/settings/two-factor' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews' },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/export.csv' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/script-index/export.csv' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-reviews' },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/connection-reviews' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/connection-index' },
  { method: 'GET', path: '/api/local/audit' },
  { method: 'GET', path: '/api/local/audit/export.csv' },
  { method: 'GET', path: '/api/local/audit/history' },
  { method: 'GET', path: '/api/local/audit/chain' },
  { method: 'GET', path: '/api/local/audit/:id' },
  { method: 'GET', path: '/api/local/audit/:id/restore-point' },
  { method: 'GET', path: '/api/local/audit/:id/undo-check' },
  { method: 'POST', path: '/api/local/audit/:id/undo' },
  { method: 'GET', path: '/api/local/accounts/:account_id/lb-migration' },
  { method: 'PUT', path: '/api/local/accounts/:account_id/lb-migration' },
  { method: 'DELETE', path: '/api/local/accounts/:account_id/lb-migration' },
  { method: 'GET', path: '/api/local/practice' },
  { method: 'POST', path: '/api/local/practice' },
  { method: 'POST', path: '/api/local/practice/reset' },
  { method: 'POST', path: '/api/sandbox/reset' },
  // Script watch (issue 26)
  { method: 'GET', path: '/api/local/zones/:zone_id/watch' },
  { method: 'PUT', path: '/api/local/zones/:zone_id/watch' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/channels' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/channels' },
  { method: 'DELETE', path: '/api/local/zones/:zone_id/watch/channels/:channel_id' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/check' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/alerts' },
  { method: 'POST', path: '/api/local/zones/:zone_id/watch/alerts/:alert_id/read' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/runs' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report' },
  { method: 'GET', path: '/api/local/zones/:zone_id/watch/report.csv' },
  { method: 'POST', path: '/api/sandbox/page-shield/activity' },
  { method: 'GET', path: '/api/local/budget' },
] as const satisfies readonly { method: HttpMethod; path: string }[]

export type ApiRoute = (typeof API_ROUTES)[number]
export type LocalRoute = (typeof LOCAL_ROUTES)[number]

/** The path templates declared for a method (`DeclaredPath<'GET'>`). */
export type DeclaredPath<M extends HttpMethod> = Extract<ApiRoute, { method: M }>['path']
export type LocalPath<M extends HttpMethod> = Extract<LocalRoute, { method: M }>['path']

/** The names of a template's `:params`. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never

/** The values a template needs: `{ zone_id: string }` for `/zones/:zone_id/dns_records`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number }

/** Fills a template's `:params` (each value URI-encoded, so an id can never add a path segment). */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${template}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}
