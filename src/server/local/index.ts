import type { Hono } from 'hono'
import { registerPeopleRoutes } from '../people/routes'
import { registerTokenRoutes } from '../people/token-routes'
import { registerTwoFactorRoutes } from '../people/two-factor-routes'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import type { ActInAccount } from '../accounts/routes'
import { registerLbMigrationRoutes } from './lb-migration'
import { validateLocalRequests } from './read-body'
import { registerConnectionReviewRoutes } from './connection-reviews'
import { registerReviewRoutes } from './reviews'
import { registerScriptIndexRoutes, type ScriptIndexOptions } from './script-index'

export interface LocalStoreOptions {
  /** The dashboard's own store (src/server/store). */
  store: Store
  /** The clock for recorded times; tests replace it. */
  now?: () => Date
  /** The index of a zone's scripts: the app's forward and mode; without them, no index routes. */
  scriptIndex?: ScriptIndexOptions
  /** The app's forward: the zones given to a person are checked against the account. */
  forward?: Forward
  /** Acts in a named account (its credential): a grant's zones are checked against that account's. */
  inAccount?: ActInAccount
}

/**
 * The dashboard's own routes under /api/local/... : data the dashboard keeps for itself
 * (not the API's), available in live and sandbox mode alike. Writes need X-Zonekeeper-Request: 1.
 */
export function registerLocalRoutes(app: Hono, options: LocalStoreOptions): void {
  // First: every declared body and query is checked before any local handler (this file's, and
  // those the app registers after it: watch, practice, budget, change requests, audit) runs.
  validateLocalRequests(app)
  // Verdicts on scripts read the script from the API (never the form's copy): they need a forward.
  const forward = options.scriptIndex?.forward ?? options.forward
  if (forward) registerReviewRoutes(app, options.store, forward, options.now)
  if (options.scriptIndex) registerScriptIndexRoutes(app, options.store, options.scriptIndex)
  // Verdicts on connections read the connection from the API: they need the same forward.
  if (options.scriptIndex) registerConnectionReviewRoutes(app, options.store, options.scriptIndex, options.now)
  registerPeopleRoutes(app, options.store, { forward: options.forward, inAccount: options.inAccount, owner: options.scriptIndex?.mode })
  registerTokenRoutes(app, options.store)
  registerTwoFactorRoutes(app, options.store)
  registerLbMigrationRoutes(app, options.store)
}
