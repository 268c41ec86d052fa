import type { Hono } from 'hono'
import type { Endpoint } from '../endpoints'
import { jsonError, PROXY_CODES } from '../envelope'
import { rawTarget, splitTarget } from '../guard'
import { API_DOOR } from '../proxy'
import type { Role } from '../store'
import type { Forward } from '../upstream'
import { actorOf, hasRole, ROLE_WORDS } from './actor'
import { matchLocalRoute, needsAllZones, roleForEndpoint } from './endpoint-roles'
import { zoneScope } from './zone-scope'

export interface AccessOptions {
  match: (method: string, path: string) => Endpoint | undefined
  forward: Forward
}

const refuse = (message: string) => jsonError(403, PROXY_CODES.refused, message)

/**
 * Roles and zone scope on every /api request, after the sign-in gate: the role each request needs
 * comes from endpoint-roles.ts; zones outside the person's scope are refused wherever a path or query
 * names them, and left out of the zone list.
 */
export function registerAccess(app: Hono, { match, forward }: AccessOptions): void {
  const scope = zoneScope(forward)
  app.use('/api/*', async (c, next) => {
    const { person } = actorOf(c)
    const method = c.req.method.toUpperCase()
    const { path } = splitTarget(rawTarget(c))
    let needed: Role = 'admin'
    let allZones = false
    let isApi = false
    if (path.startsWith(API_DOOR + '/')) {
      const endpoint = match(method, path.slice(API_DOOR.length))
      if (!endpoint) return next() // not on the allowlist: the API door answers 404
      isApi = true
      needed = roleForEndpoint(endpoint)
      allZones = needsAllZones(endpoint)
    } else {
      const route = matchLocalRoute(method, path)
      if (route) needed = route.role
    }
    if (!hasRole(person.role, needed)) {
      return refuse(
        `This needs the ${ROLE_WORDS[needed]} role (or higher); you are signed in as ${person.displayName} with the ${ROLE_WORDS[person.role]} role. Ask an administrator if you need it.`,
      )
    }
    if (allZones && person.zones !== '*') {
      return refuse('This is account-level information: it needs access to all zones, and yours is limited to some zones.')
    }
    if (!(await scope.allows(c, path, person.zones))) {
      return refuse('That zone is outside your zone scope: an administrator can add it to your zones.')
    }
    await next()
    if (isApi && method === 'GET' && path === `${API_DOOR}/zones`) c.res = await scope.filterZoneList(c.res, person.zones)
  })
}
