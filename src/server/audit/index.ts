import type { Context, Hono } from 'hono'
import { dispatchThrough } from '../practice/target'
import type { Endpoint } from '../endpoints'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { createAudit } from './middleware'
import { registerAuditRoutes } from './routes'

export { AUDIT_ID_HEADER, setAuditDetails } from './middleware'

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
 * The audit log's steps of the request pipeline, which app.ts places in its one chain:
 * `record` (writes, before sign-in: sees every write and every refusal, on both doors), `readBefore`
 * (writes, after the body limit: a person's state before the dashboard changes it), `forward(…)`
 * around the doors' forward (the API's state just before a write goes out), `routes(app)` with the
 * dashboard's own routes.
 */
export function createAuditSteps(options: AuditSetup) {
  const audit = createAudit(options)
  if (options.retentionDays !== undefined && options.retentionDays > 0) {
    const prune = () => void options.store.audit.prune(Date.now() - options.retentionDays! * DAY).catch(() => {})
    prune()
    setInterval(prune, DAY).unref()
  }
  return {
    /** For writes only (app.ts registers it so): API clients' writes at /client/v4 too (issue 23), refusals included. */
    record: audit.recorder,
    /** For writes under /api only. */
    readBefore: audit.beforeDispatch,
    /** The forward the doors use: reads the before state once a write has passed every check. */
    forward: audit.wrapForward,
    routes: (app: Hono) => registerAuditRoutes(app, { store: options.store, forward: options.forward, dispatch: dispatchThrough(app) }),
  }
}
