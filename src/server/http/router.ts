import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** The dashboard's own routes (`/api/local/…`): routed apart, see AppRouter. */
const LOCAL_PREFIX = '/api/local'

/** Hono's default: its fast router, or its tree router for a route set the fast one refuses. */
const smart = <T>() => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })

/**
 * The app's router: the dashboard's own routes (`/api/local/…`) in a router of their own, so that
 * every other request (the proxy's `/api/v4`, the sandbox's `/client/v4`, the pages) is matched by
 * Hono's fast router.
 *
 * Why: RegExpRouter compiles each method's routes into one regular expression, built from a tree of
 * the paths in which a place holds either fixed text or one parameter, never both (a name beside a
 * parameter would be ambiguous in one alternation, so hono/router/reg-exp-router/node.ts throws
 * UnsupportedPathError). The local routes have such places: `GET /api/local/audit/chain`,
 * `…/history` and `…/export.csv` beside `GET /api/local/audit/:id` (and its `/restore-point`,
 * `/undo-check`), `/change-requests/summary`, `…/zones/:zone_id` and `…/people` beside
 * `/change-requests/:id` (and `POST …/zones/:zone_id/zone-file` beside `POST …/:id/approve`).
 * One such pair made Hono's default router give up the fast router for the whole app, the
 * proxied requests too. Here only the local routes take the tree router: their URLs stay as they
 * are, and a new one may again put a name beside an id.
 *
 * Exact: a request under `/api/local` gets every route (the shared steps `*`, `/api/*`, and the
 * local ones), in the order they were added; any other request cannot match a route under
 * `/api/local/` (its fixed prefix), so it gets every other route, in order, from the fast router.
 * src/server/http/router.test.ts checks that the fast router takes the app's other routes.
 */
export class AppRouter<T> implements Router<T> {
  name = 'AppRouter'
  /** Every route but the local ones: RegExpRouter, unless a route it refuses is added. */
  readonly main: SmartRouter<T> = smart<T>()
  /** Every route: what a request under /api/local may match. */
  readonly local: SmartRouter<T> = smart<T>()

  add(method: string, path: string, handler: T): void {
    if (!path.startsWith(LOCAL_PREFIX + '/')) this.main.add(method, path, handler)
    this.local.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    return path.startsWith(LOCAL_PREFIX) ? this.local.match(method, path) : this.main.match(method, path)
  }
}
