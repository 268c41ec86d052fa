import type { AuditAction, AuditArea } from '../../shared/lists/audit'
import { matchLocalRoute } from '../../shared/endpoints/local-match'
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

/**
 * The dashboard's own writes below /api (people, review verdicts, sessions, the sandbox's buttons):
 * described by their route's entry in the local route table (src/shared/endpoints/local.ts). A path
 * no entry matches (refused before any route) keeps its path's words.
 */
export function describeLocalWrite(method: string, path: string): WriteDescription {
  const zoneId = zoneOf(path.replace(/^\/api\/local/, ''))
  const match = matchLocalRoute(method, path)
  const audit = match?.route.audit
  if (match && audit && audit !== 'own') {
    const id = audit.id ? match.params[audit.id] : undefined
    return { area: audit.area, resourceType: audit.type, resourceId: id === undefined ? null : decodeOrRaw(id), action: audit.action, zoneId }
  }
  const parts = path.split('/').filter(Boolean)
  return { area: (parts[2] ?? 'other') as AuditArea, resourceType: parts[parts.length - 1] ?? 'other', resourceId: null, action: METHOD_ACTIONS[method] ?? 'update', zoneId }
}
