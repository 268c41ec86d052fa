import type { AuditAction, AuditArea } from '../../shared/lists/audit'
import type { Endpoint } from '../endpoints'

/**
 * What an audit entry says about a write, derived from the endpoint's path (never per route); its
 * area and action are from the audit log's one vocabulary (src/shared/lists/audit.ts), which the
 * type holds every route to (a route naming its own entry included).
 */
export interface WriteDescription {
  area: AuditArea
  resourceType: string
  resourceId: string | null
  action: AuditAction
  zoneId: string | null
}

/** A path segment decoded, or as sent when its `%` escapes are malformed. */
const decodeOrRaw = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const zoneOf = (path: string) => /^\/zones\/([0-9a-f]{32})(\/|$)/i.exec(path)?.[1]?.toLowerCase() ?? null

const METHOD_ACTIONS: Record<string, AuditAction> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete', GET: 'read' }

/**
 * `endpoint.path` is the template (`/zones/:zone_id/dns_records/:dns_record_id`), `path` the request's
 * own path below /api/v4. The endpoint table's `audit` names the type, action and area; a template
 * ending in a parameter names one object (its id is the request's segment there).
 */
export function describeApiWrite(endpoint: Pick<Endpoint, 'method' | 'path' | 'area' | 'audit'>, path: string, body: unknown): WriteDescription {
  const template = endpoint.path.split('/').filter(Boolean)
  const actual = path.split('/').filter(Boolean)
  const endsInId = template[template.length - 1].startsWith(':')
  const audit = endpoint.audit
  const action = typeof audit?.action === 'function' ? audit.action(body) : (audit?.action ?? METHOD_ACTIONS[endpoint.method])
  return {
    // Held to the vocabulary by describe.test.ts (the table's areas are wider than the writes use);
    // an endpoint declared without an area (a test's own table) is `other`.
    area: (audit?.area ?? endpoint.area ?? 'other') as AuditArea,
    resourceType: audit?.type ?? [...template].reverse().find((s) => !s.startsWith(':')) ?? 'other',
    resourceId: endsInId ? decodeOrRaw(actual[template.length - 1] ?? '') || null : null,
    action,
    zoneId: zoneOf(path),
  }
}

/** A path segment the API's resources name: `dns_records`, `pools`; anything else is an id. */
const isResourceWord = (segment: string) => /^[a-z_]+$/.test(segment) && !/^[0-9a-f]{32}$/.test(segment)
const UNTABLED_AREAS: [RegExp, AuditArea][] = [
  [/\/load_balancers\//, 'load-balancing'],
  [/\/dns_records(\/|$)/, 'dns'],
  [/\/firewall\//, 'firewall'],
  [/\/page_shield(\/|$)/, 'page-shield'],
  [/\/(ssl|certificate_packs)(\/|$)/, 'certificates'],
  [/\/logpush\//, 'logpush'],
  [/\/rulesets(\/|$)/, 'log-fields'],
]

/**
 * A sandbox write at /client/v4 outside the endpoint table (zones created and deleted, pools,
 * account rulesets, user tokens …: what the sandbox emulates for API clients beyond the dashboard's
 * own screens). Described from its path alone: the resource is the last word in it, the id what
 * follows that word; the area is the family's, or `sandbox`.
 */
export function describeUntabledWrite(method: string, path: string): WriteDescription {
  const parts = path.split('/').filter(Boolean)
  let at = parts.length - 1
  while (at > 0 && !isResourceWord(parts[at])) at--
  const id = at < parts.length - 1 ? decodeOrRaw(parts[at + 1]) : null
  return {
    area: UNTABLED_AREAS.find(([re]) => re.test(path))?.[1] ?? 'sandbox',
    resourceType: parts[at] ?? 'other',
    resourceId: id,
    action: METHOD_ACTIONS[method] ?? 'update',
    zoneId: zoneOf(path),
  }
}

/** The dashboard's own writes below /api: people, review verdicts, sessions, sandbox reset. */
export function describeLocalWrite(method: string, path: string): WriteDescription {
  const zoneId = zoneOf(path.replace(/^\/api\/local/, ''))
  const parts = path.split('/').filter(Boolean)
  if (path === '/api/sandbox/reset') return { area: 'sandbox', resourceType: 'sandbox', resourceId: null, action: 'reset', zoneId: null }
  if (path.startsWith('/api/local/practice')) {
    return { area: 'practice', resourceType: 'practice_sandbox', resourceId: null, action: path.endsWith('/reset') ? 'reset' : 'switch', zoneId: null }
  }
  // Script watch: page security's settings, channels, checks and alerts of a zone.
  if (parts[2] === 'zones' && parts[4] === 'watch') {
    const [sub, id] = [parts[5], parts[6] ?? null]
    if (sub === 'channels') return { area: 'page-shield', resourceType: 'watch_channel', resourceId: id, action: method === 'DELETE' ? 'delete' : parts[7] === 'test' ? 'send-test' : 'create', zoneId }
    if (sub === 'check') return { area: 'page-shield', resourceType: 'script_watch', resourceId: null, action: 'check', zoneId }
    if (sub === 'alerts') return { area: 'page-shield', resourceType: 'watch_alert', resourceId: id, action: 'mark-read', zoneId }
    return { area: 'page-shield', resourceType: 'script_watch', resourceId: null, action: 'update', zoneId }
  }
  if (path === '/api/sandbox/page-shield/activity') {
    return { area: 'page-shield', resourceType: 'sandbox_activity', resourceId: null, action: 'simulate', zoneId: null }
  }
  if (path.includes('/page-shield/connection-reviews')) {
    return { area: 'page-shield', resourceType: 'connection_verdict', resourceId: null, action: 'create', zoneId }
  }
  if (path.includes('/page-shield/reviews')) {
    return { area: 'page-shield', resourceType: 'review_verdict', resourceId: null, action: 'create', zoneId }
  }
  // Personal API tokens, one's own or (administrators) anyone's: /api/local/{me,people/:id}/tokens[/:token_id].
  const tokens = parts[2] === 'me' ? 3 : parts[2] === 'people' && parts[4] === 'tokens' ? 4 : -1
  if (tokens > 0 && parts[tokens] === 'tokens') {
    const id = parts[tokens + 1] ?? null
    return { area: 'people', resourceType: 'api_token', resourceId: id, action: method === 'POST' ? 'token-create' : id ? 'token-revoke' : 'tokens-revoke', zoneId: null }
  }
  if (parts[2] === 'settings' && parts[3] === 'two-factor') {
    return { area: 'people', resourceType: 'two_factor_policy', resourceId: null, action: 'update', zoneId: null }
  }
  if (parts[2] === 'people' && parts[4] === 'two-factor') {
    return { area: 'people', resourceType: 'two_factor', resourceId: parts[3] ?? null, action: 'two-factor-reset', zoneId: null }
  }
  if (parts[2] === 'people') {
    const id = parts[3] ?? null
    const sub = parts[4]
    const action =
      sub === 'password' ? 'password' : sub === 'sessions' ? 'end-sessions' : sub === 'sso' ? (method === 'DELETE' ? 'unlink-sso' : 'link-sso') : method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update'
    return { area: 'people', resourceType: 'person', resourceId: id, action, zoneId: null }
  }
  if (parts[2] === 'accounts' && parts[4] === 'lb-migration') {
    // The load-balancing migration's progress (its own API writes are recorded one by one).
    return { area: 'load-balancing', resourceType: 'lb_migration', resourceId: parts[3] ?? null, action: method === 'DELETE' ? 'delete' : 'update', zoneId: null }
  }
  if (parts[2] === 'me') {
    return { area: 'people', resourceType: parts[3] === 'sessions' ? 'session' : 'me', resourceId: parts[4] ?? null, action: method === 'DELETE' ? 'delete' : 'update', zoneId: null }
  }
  // Anything else: its area is its path's (describe.test.ts holds every local write to the vocabulary), its action its method's.
  return { area: parts[2] as AuditArea, resourceType: parts[parts.length - 1] ?? 'other', resourceId: null, action: METHOD_ACTIONS[method] ?? 'update', zoneId }
}
