import type { Endpoint } from '../endpoints'
import { roleForRequest } from '../../shared/access'
import { LOCAL_ROUTES, type LocalRouteEntry as LocalRoute } from '../../shared/endpoints/local'
import { matchLocalRoute as matchRoute } from '../../shared/endpoints/local-match'
import type { Role } from '../store'

/**
 * The role each request needs: the role matrix in src/shared/access.ts (area and level of each
 * endpoint of the shared endpoint table), which the pages read too, so a page never offers what the
 * server refuses. Reads need viewer; changes need the role of their area (account-level: admin).
 */
export { endpoints as apiEndpoints } from '../endpoints'

/** The role an allowlisted API endpoint needs (one without an area, as small test lists have, is changed by administrators). */
export const roleForEndpoint = ({ method, path, area }: Pick<Endpoint, 'method' | 'path' | 'area'>): Role =>
  area ? roleForRequest({ method, path, area }) : method === 'GET' ? 'viewer' : 'admin'

/** Account-level reads (accounts, the user's invites) need a person whose scope is all zones. */
export const needsAllZones = (e: Pick<Endpoint, 'path'>) => !e.path.startsWith('/zones')

export type { LocalRouteEntry as LocalRoute } from '../../shared/endpoints/local'

/** The dashboard's own /api routes (not the API's) and the role each needs: the one list in src/shared/endpoints/local.ts. */
export const localRoutes: readonly LocalRoute[] = LOCAL_ROUTES

/** The local route entry a request belongs to (one matcher: src/shared/endpoints/local-match.ts). */
export const matchLocalRoute = (method: string, path: string): LocalRoute | undefined => matchRoute(method, path)?.route
