import type { Context, Hono } from 'hono'
import { createMatcher, endpoints, withoutTrailingSlash } from '../endpoints'
import { jsonError, PROXY_CODES } from '../http/envelope'
import { rawTarget, splitTarget, WRITE_METHODS } from '../http/guard'
import { API_DOOR, apiRequestOf } from '../http/pipeline'
import type { Role } from '../store'
import type { Forward } from '../upstream'
import { actorOf, hasRole, ROLE_WORDS, type Actor } from './actor'
import { matchLocalRoute, needsAllZones, roleForEndpoint } from './endpoint-roles'
import { zoneScope } from './zone-scope'

export interface AccessOptions {
  forward: Forward
}

const matchEndpoint = createMatcher(endpoints)

const refuse = (message: string) => jsonError(403, PROXY_CODES.refused, message)

export interface Need {
  role: Role
  allZones: boolean
}

/** Why `actor` may not make this request (role, then zone scope), or undefined when it may. */
export async function accessRefusal(
  c: Context,
  actor: Actor,
  need: Need,
  path: string,
  scope: ReturnType<typeof zoneScope>,
): Promise<Response | undefined> {
  const { person } = actor
  if (!hasRole(person.role, need.role)) {
    return refuse(
      `This needs the ${ROLE_WORDS[need.role]} role (or higher); you are signed in as ${person.displayName} with the ${ROLE_WORDS[person.role]} role. Ask an administrator if you need it.`,
    )
  }
  if (need.allZones && person.zones !== '*') {
    return refuse('This is account-level information: it needs access to all zones, and yours is limited to some zones.')
  }
  if (!(await scope.allows(c, path, person.zones))) {
    return refuse('That zone is outside your zone scope: an administrator can add it to your zones.')
  }
  return undefined
}

/** Role and scope of a path below /client/v4 (ids in place of the endpoint table's `:names`). */
export function needForClientPath(method: string, path: string, endpoint = matchEndpoint(method, path)): Need {
  const pattern = path
    .replace(/\/+$/, '')
    .replace(/^\/zones\/[^/]+/, '/zones/:zone_id')
    .replace(/^\/accounts\/[^/]+/, '/accounts/:account_id')
  // The zone list itself is read by everyone (out-of-scope zones are filtered out of it).
  const allZones = method === 'GET' && pattern !== '/zones' && needsAllZones({ path: pattern })
  // A path the endpoint table does not know: reads need viewer, anything else an administrator.
  const role = endpoint ? roleForEndpoint(endpoint) : method === 'GET' ? 'viewer' : 'admin'
  return { role, allZones }
}

/**
 * Roles and zone scope on every /api request, after the sign-in gate: the role each request needs
 * comes from endpoint-roles.ts; zones outside the person's scope are refused wherever a path or query
 * names them, and left out of the zone list (exactly: see scopedZoneList).
 */
export function registerAccess(app: Hono, { forward }: AccessOptions): ReturnType<typeof zoneScope> {
  const scope = zoneScope(forward)
  app.use('/api/*', (c, next) => {
    const actor = actorOf(c)
    const method = c.req.method.toUpperCase()
    let need: Need = { role: 'admin', allZones: false }
    // In a practice session the API's data is the person's own copy: any role may change
    // it, and zone scope does not apply (nothing of it is shared). Live requests keep every check.
    const practising = c.get('zkPractice') !== undefined
    // The API door's requests were matched once, by the guard (app.ts), from the same raw target: its
    // path is read here again only when the zone scope needs it.
    const api = apiRequestOf(c)
    const isApi = api?.door === API_DOOR
    let path: string | undefined
    if (isApi) {
      const endpoint = api.endpoint
      if (!endpoint) return next() // not on the allowlist: the API door answers 404
      // A write is authorised by its write command (write/command.ts), whoever sends it.
      if (practising || WRITE_METHODS.has(method)) return next()
      need = { role: roleForEndpoint(endpoint), allZones: needsAllZones(endpoint) }
    } else {
      path = splitTarget(rawTarget(c)).path
      const route = matchLocalRoute(method, path)
      if (route?.practice && practising) return next()
      if (route) need = { role: route.role, allZones: false }
    }
    const zones = actor.person.zones
    // All zones and the role: nothing to look up, nothing to refuse (most requests; no promise of its own).
    if (zones === '*' && hasRole(actor.person.role, need.role)) return next()
    return (async () => {
      path ??= splitTarget(rawTarget(c)).path
      const refusal = await accessRefusal(c, actor, need, path, scope)
      if (refusal) return refusal
      // A person with a list of zones gets the zone list of those only, paged and counted exactly.
      if (isApi && method === 'GET' && withoutTrailingSlash(path) === `${API_DOOR}/zones` && zones !== '*') return scope.scopedZoneList(c, zones)
      return next()
    })()
  })
  return scope
}
