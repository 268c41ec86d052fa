import type { Hono } from 'hono'
import { registerApproveRoute } from './approve'
import { changeRequestContext, type ChangeRequestRouteOptions } from './context'
import { registerDecisionRoutes } from './decide'
import { registerDetailRoute } from './detail'
import { registerFileRoute } from './file'
import { registerListRoutes } from './list'
import { registerSettingsRoutes } from './settings'
import { registerUndoRoute } from './undo'

export type { NewChangeRequest } from './file'
export { FILING_LIMIT, MAIL_GROUP_MS, type ChangeRequestRouteOptions } from './shared'

/**
 * Change requests, the dashboard's own routes. Roles: endpoint-roles.ts lets every
 * signed-in person in; each route decides from the zone's settings, the person and their scope.
 * Hono matches in registration order: `/summary`, `/zones` and `/people` go before `/:id`.
 */
export function registerChangeRequestRoutes(app: Hono, options: ChangeRequestRouteOptions) {
  const cr = changeRequestContext(options)
  registerListRoutes(app, cr)
  const file = registerFileRoute(app, cr)
  registerSettingsRoutes(app, cr)
  registerDetailRoute(app, cr)
  registerDecisionRoutes(app, cr)
  registerApproveRoute(app, cr)
  registerUndoRoute(app, cr)
  /** Filing one request (the route's own), for the search's "change them all". */
  return { file }
}
