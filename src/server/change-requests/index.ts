import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Hono } from 'hono'
import type { UndoEntry } from '../audit'
import type { Writer } from '../write/command'
import { CHANGE_REQUEST_LEASE_MS } from '../store/change-request-lease'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import type { ActInAccount } from '../accounts/routes'
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

/** What the routes write with, made once the app's write command is (after the approval guard it uses). */
export interface ChangeRequestWrites {
  /** The write command (write/command.ts): the apply's writes. */
  writer: Writer
  /** The audit log's undo of an entry: a request's undo. */
  undo: UndoEntry
  /** Acts in a named account (accounts/routes.ts): a request's reads and writes go through its own account's credential. */
  inAccount?: ActInAccount
}

/**
 * Change requests in the app: `approvalGuard`, the write command's step (refuses direct DNS writes
 * on a zone that needs approval), and `routes`, called with the dashboard's own routes.
 * The apply's writes run as write commands of the approver's (as the audit log's undo does), so they
 * take the same steps as any DNS write (roles, the approval guard, validation, the upstream, the
 * audit entry) once, within the approval's own request.
 */
export function setUpChangeRequests(app: Hono, options: ChangeRequestSetup) {
  return {
    approvalGuard: approvalGuard(options.store),
    routes: ({ writer, undo, inAccount }: ChangeRequestWrites) => {
      // Before the request routes, so `/zones/:zone_id/zone-file` is not read as a request id.
      registerZoneFileProposal(app, { store: options.store, forward: options.forward, inAccount })
      return registerChangeRequestRoutes(app, {
        store: options.store, forward: options.forward, mode: options.mode, mail: createMailer(options.mail ?? {}), writer, undo, inAccount,
        instance: options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
        leaseMs: options.leaseMs ?? CHANGE_REQUEST_LEASE_MS,
        filingLimit: options.filingLimit ?? FILING_LIMIT,
        mailGroupMs: options.mailGroupMs ?? MAIL_GROUP_MS,
      })
    },
  }
}
