import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Hono } from 'hono'
import { dispatchThrough } from '../practice/target'
import { CHANGE_REQUEST_LEASE_MS } from '../store/change-request-lease'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { approvalGuard } from './guard'
import { createMailer, type MailOptions } from './mail'
import { FILING_LIMIT, MAIL_GROUP_MS, registerChangeRequestRoutes } from './routes'
import { registerZoneFileProposal } from './zone-file'

export interface ChangeRequestSetup {
  store: Store
  /** The app's forward (sandbox, or live through the budget): reads of the records a request touches. */
  forward: Forward
  /** `live` or `sandbox`. */
  mode: string
  mail?: MailOptions
  /** This instance's name in leases and recoveries (default: host, process id and a random tag). */
  instanceId?: string
  /** How long an apply or undo holds its request between renewals (default CHANGE_REQUEST_LEASE_MS, 60 s). */
  leaseMs?: number
  /** Most requests one person files per window (default FILING_LIMIT: 10 a minute). */
  filingLimit?: { max: number; windowMs: number }
  /** How long approvers' e-mail about new requests waits to take in more (default MAIL_GROUP_MS, 60 s). */
  mailGroupMs?: number
}

/**
 * Change requests in the app: `approvalGuard`, the pipeline step app.ts registers after
 * sign-in and roles for writes under a zone (refuses direct DNS writes on a zone that needs
 * approval), and `routes`, called with the dashboard's own routes.
 * The apply's batch is sent through the whole app (like the audit log's undo), so it takes the same
 * path as any DNS write: roles, the upstream (sandbox or live), the audit recorder.
 */
export function setUpChangeRequests(app: Hono, options: ChangeRequestSetup) {
  const dispatch = dispatchThrough(app)
  return {
    approvalGuard: approvalGuard(options.store),
    routes: () => {
      // Before the request routes, so `/zones/:zone_id/zone-file` is not read as a request id.
      registerZoneFileProposal(app, { store: options.store, forward: options.forward })
      registerChangeRequestRoutes(app, {
        store: options.store, forward: options.forward, mode: options.mode, mail: createMailer(options.mail ?? {}), dispatch,
        instance: options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
        leaseMs: options.leaseMs ?? CHANGE_REQUEST_LEASE_MS,
        filingLimit: options.filingLimit ?? FILING_LIMIT,
        mailGroupMs: options.mailGroupMs ?? MAIL_GROUP_MS,
      })
    },
  }
}
