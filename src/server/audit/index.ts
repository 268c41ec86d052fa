import type { Context, Hono } from 'hono'
import type { Writer } from '../write/command'
import type { ActInAccount } from '../accounts/routes'
import type { Endpoint } from '../endpoints'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import { CHANGE_REQUEST_LEASE_MS } from '../store/change-request-lease'
import { createAudit } from './middleware'
import { recoverPending } from './pending'
import { createUndo, registerAuditRoutes, type EntryUndo } from './routes'

export { AUDIT_ID_HEADER, setAuditDetails } from './middleware'
export type { EntryUndo, UndoEntry } from './routes'

export interface AuditSetup {
  store: Store
  forward: Forward
  match: (method: string, path: string) => Endpoint | undefined
  /** `live`, `sandbox`, or `practice` for a request of a practising session. */
  mode: (c: Context) => string
  /** Days of entries to keep; undefined keeps everything. */
  retentionDays?: number
  /** This instance's name in the records of writes on their way (default: host, process id and a random tag). */
  instance?: string
  /** How long such a record holds without renewal before another instance takes it as cut short. */
  leaseMs?: number
}

const DAY = 24 * 60 * 60 * 1000

/**
 * The audit log's parts, which app.ts places: `write`, the write command's record (write/command.ts:
 * the API's state just before a write goes out, the write-ahead record, the entry); `record` (writes
 * under /api and /client, before sign-in: the entry of every write that did not run as a command,
 * refusals included); `readBefore` (writes, after the body limit: a person's state before the
 * dashboard changes it); `undo(writer, inAccount)`, an entry's undo (in the entry's own account); `routes(app, undo)` with the dashboard's own routes.
 */
export function createAuditSteps(options: AuditSetup) {
  const pending = {
    instance: options.instance ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    leaseMs: options.leaseMs ?? CHANGE_REQUEST_LEASE_MS,
  }
  const audit = createAudit({ ...options, pending })
  // Writes an instance was sending when it stopped get their entries: at start, and whenever the log
  // is read (an instance that died is noticed by the next one to look, however many keep running).
  let recovering: Promise<unknown> | undefined
  const recover = () =>
    (recovering ??= recoverPending({ store: options.store, ...pending })
      .catch(() => 0)
      .finally(() => (recovering = undefined)))
  void recover()
  if (options.retentionDays !== undefined && options.retentionDays > 0) {
    const prune = () => void options.store.audit.prune(Date.now() - options.retentionDays! * DAY).catch(() => {})
    prune()
    setInterval(prune, DAY).unref()
  }
  // With an audit key, signing starts at start-up (not at the next write); a head whose signature
  // does not match is left for `verify` to report, never re-signed.
  void options.store.audit
    .seal()
    .then((r) => r === 'mismatch' && console.warn('The audit chain\'s head does not match its signature with this AUDIT_CHAIN_KEY: run `npm run audit -- verify`.'))
    .catch(() => {})
  return {
    /** For writes only (app.ts registers it so): API clients' writes at /client/v4 too, refusals included. */
    record: audit.recorder,
    /** For writes under /api only. */
    readBefore: audit.beforeDispatch,
    /** The write command's record (its before state, write-ahead record and entry). */
    write: audit.writeAudit,
    /** An entry's undo, its write run by `writer`. */
    undo: (writer: Writer, inAccount?: ActInAccount) => createUndo({ store: options.store, forward: options.forward, writer, match: options.match, inAccount }),
    routes: (app: Hono, undo: EntryUndo) => registerAuditRoutes(app, { store: options.store, recover, undo }),
  }
}
