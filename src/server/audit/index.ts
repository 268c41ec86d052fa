import type { Context, Hono } from 'hono'
import type { Endpoint } from '../endpoints'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { WRITE_METHOD_LIST } from '../guard'
import { createAudit } from './middleware'
import { registerAuditRoutes } from './routes'

export { AUDIT_ID_HEADER, REQUEST_ID_HEADER, setAuditDetails } from './middleware'

export interface AuditSetup {
  store: Store
  forward: Forward
  match: (method: string, path: string) => Endpoint | undefined
  /** `live`, `sandbox`, or `practice` for a request of a practising session. */
  mode: (c: Context) => string
  /** Days of entries to keep; undefined keeps everything. */
  retentionDays?: number
}

const DAY = 24 * 60 * 60 * 1000

/**
 * The audit log in the app, in three calls so app.ts stays readable:
 * `recordWrites` before sign-in (sees every write and every refusal, on both doors), `readBeforeWrites` after the
 * body limit, `forward(…)` around the API door's forward, `routes` with the dashboard's own routes.
 */
export function setUpAudit(app: Hono, options: AuditSetup) {
  const audit = createAudit(options)
  if (options.retentionDays !== undefined && options.retentionDays > 0) {
    const prune = () => void options.store.audit.prune(Date.now() - options.retentionDays! * DAY).catch(() => {})
    prune()
    setInterval(prune, DAY).unref()
  }
  // The undo's write goes through the whole app as a request of its own: its target is `path` (not the
  // caller's raw URL), from the caller's address, with the caller's session.
  const dispatch = async (c: Context, path: string, init: RequestInit) => {
    const incoming = (c.env as { incoming?: { socket?: unknown } } | undefined)?.incoming
    const env = incoming ? { incoming: { url: path, socket: incoming.socket } } : undefined
    return app.request(new URL(path, c.req.url).toString(), { ...init, headers: { ...(init.headers as Record<string, string>), cookie: c.req.header('cookie') ?? '' } }, env)
  }
  return {
    // Writes only: a read (most requests) does not even pass through them.
    recordWrites: () => {
      app.on(WRITE_METHOD_LIST, '/api/*', audit.recorder)
      // API clients' writes with a personal token (issue 23), their refusals included.
      app.on(WRITE_METHOD_LIST, '/client/*', audit.recorder)
    },
    readBeforeWrites: () => app.on(WRITE_METHOD_LIST, '/api/*', audit.beforeDispatch),
    /** The forward the API door uses: reads the before state once a write has passed every check. */
    forward: audit.wrapForward,
    routes: () => registerAuditRoutes(app, { store: options.store, forward: options.forward, dispatch }),
  }
}
