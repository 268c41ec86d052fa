import type { Endpoint } from '../endpoints'
import type { Role } from '../store'

/**
 * The role each request needs: the one place that derives it from the endpoint list, so the role
 * matrix test and the gate read the same rules (re-point `apiEndpoints` at the shared endpoint table
 * when it lands). Reads need viewer; writes need the role of their area; anything not listed needs admin.
 */
export { endpoints as apiEndpoints } from '../endpoints'

/** Write areas below /zones/:zone_id and the role they need. */
const ZONE_WRITE_AREAS: [RegExp, Role][] = [
  [/^\/zones\/:zone_id\/page_shield(\/|$)/, 'reviewer'],
  [/^\/zones\/:zone_id\/(dns_records|ssl|rulesets|logpush|firewall)(\/|$)/, 'editor'],
]

/** The role an allowlisted API endpoint needs (its path as written in the endpoint table). */
export function roleForEndpoint(e: Pick<Endpoint, 'method' | 'path'>): Role {
  const accountLevel = !e.path.startsWith('/zones')
  if (e.method === 'GET') return 'viewer'
  if (accountLevel) return 'admin'
  return ZONE_WRITE_AREAS.find(([re]) => re.test(e.path))?.[1] ?? 'admin'
}

/** Account-level reads (accounts, the user's invites) need a person whose scope is all zones. */
export const needsAllZones = (e: Pick<Endpoint, 'path'>) => !e.path.startsWith('/zones')

export interface LocalRoute {
  method: Endpoint['method']
  /** Express-style path below the server root, `:name` for a segment. */
  path: string
  role: Role
  /** Any signed-in person may call it for themselves (own sessions, own tokens). */
  self?: boolean
}

/** The dashboard's own /api routes (not the API's) and the role each needs. */
export const localRoutes: LocalRoute[] = [
  { method: 'GET', path: '/api/local/me', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/me/sessions', role: 'viewer', self: true },
  { method: 'DELETE', path: '/api/local/me/sessions/:handle', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/me/tokens', role: 'viewer', self: true },
  { method: 'POST', path: '/api/local/me/tokens', role: 'viewer', self: true },
  { method: 'DELETE', path: '/api/local/me/tokens/:id', role: 'viewer', self: true },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews', role: 'viewer' },
  { method: 'GET', path: '/api/local/zones/:zone_id/page-shield/reviews/export.csv', role: 'viewer' },
  { method: 'POST', path: '/api/local/zones/:zone_id/page-shield/reviews', role: 'reviewer' },
  { method: 'GET', path: '/api/local/people', role: 'admin' },
  { method: 'POST', path: '/api/local/people', role: 'admin' },
  { method: 'PATCH', path: '/api/local/people/:person_id', role: 'admin' },
  { method: 'POST', path: '/api/local/people/:person_id/password', role: 'admin' },
  { method: 'GET', path: '/api/local/people/:person_id/sessions', role: 'admin' },
  { method: 'DELETE', path: '/api/local/people/:person_id/sessions', role: 'admin' },
  { method: 'POST', path: '/api/sandbox/reset', role: 'admin' },
  // The load-balancing migration's progress (account-level work; administrators always have every zone).
  { method: 'GET', path: '/api/local/accounts/:account_id/lb-migration', role: 'admin' },
  { method: 'PUT', path: '/api/local/accounts/:account_id/lb-migration', role: 'admin' },
  { method: 'DELETE', path: '/api/local/accounts/:account_id/lb-migration', role: 'admin' },
  // Audit log (issue 12): everyone reads their own scope; an undo's write is checked at the API door.
  { method: 'GET', path: '/api/local/audit', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/export.csv', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/history', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/restore-point', role: 'viewer' },
  { method: 'GET', path: '/api/local/audit/:id/undo-check', role: 'viewer' },
  { method: 'POST', path: '/api/local/audit/:id/undo', role: 'viewer' },
]

const SEGMENT = '[^/]+'
const compiled = localRoutes.map((r) => ({
  route: r,
  re: new RegExp(
    '^' +
      r.path
        .split('/')
        .map((p) => (p.startsWith(':') ? SEGMENT : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/') +
      '$',
  ),
  literals: r.path.split('/').filter((p) => p && !p.startsWith(':')).length,
}))
compiled.sort((a, b) => b.literals - a.literals)

export function matchLocalRoute(method: string, path: string): LocalRoute | undefined {
  return compiled.find((c) => c.route.method === method && c.re.test(path))?.route
}
