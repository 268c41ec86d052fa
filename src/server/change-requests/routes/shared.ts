import type { z } from 'zod'
import { apiErrorsFromIssues } from '../../../shared/schemas/common'
import type { ChangeRequestView } from '../../../shared/schemas/change-requests'
import type { Actor } from '../../auth/actor'
import type { UndoEntry } from '../../audit'
import { jsonError, jsonErrors } from '../../http/envelope'
import type { Store } from '../../store'
import type { Who } from '../../store/change-requests'
import type { Forward } from '../../upstream'
import type { Writer } from '../../write/command'
import type { ActInAccount } from '../../accounts/routes'
import { ZoneUnreadable } from '../kinds'
import type { Mailer } from '../mail'

export const CR_BASE = '/api/local/change-requests'

export interface ChangeRequestRouteOptions {
  store: Store
  forward: Forward
  mail: Mailer
  /** `live` or `sandbox`: what the apply's audit entries say. */
  mode: string
  /** The write command (write/command.ts): each write of an apply runs as one, as the approver's. */
  writer: Writer
  /** The audit log's undo of one entry (audit/routes.ts, createUndo): a request's undo is made of them. */
  undo: UndoEntry
  /**
   * Acts in a named account (the credential that reaches it, accounts/routes.ts): a request's reads and
   * writes go through its own account's credential. None (tests without accounts): the default's.
   */
  inAccount?: ActInAccount
  /** This instance's name in leases and recoveries. */
  instance: string
  /** How long an apply or undo holds its request between renewals (CHANGE_REQUEST_LEASE_MS). */
  leaseMs: number
  /** Most requests one person files per window (FILING_LIMIT). */
  filingLimit: { max: number; windowMs: number }
  /** How long approvers' e-mail about new requests waits to take in more of them (MAIL_GROUP_MS). */
  mailGroupMs: number
}

/** Ten requests a minute per person: more is a script or a mistake, and each one asks approvers for time. */
export const FILING_LIMIT = { max: 10, windowMs: 60_000 }
/** Requests filed within a minute of each other reach an approver as one e-mail. */
export const MAIL_GROUP_MS = 60_000

export const whoOf = (a: Actor): Who => ({ personId: a.person.id, username: a.person.username, personName: a.person.displayName })
export const HEX_ID = /^[0-9a-f]{32}$/i
export const badZoneId = () => jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
export const notFound = () => jsonError(404, 10404, 'No such change request (or its zone is outside your zone scope).')
/** A request whose changes took more than the DNS batch (policies, a scan's review): undone write by write. */
export const byWrites = (r: Pick<ChangeRequestView, 'items'>) => r.items.some((it) => it.kind !== 'dns_record')
/**
 * Whether "Undo this request" applies: a DNS-only request through its batch's entry; one holding
 * policies or found records (applied or partly applied) when every applied change kept its audit entry and some is not undone yet.
 */
export const undoable = (r: ChangeRequestView) =>
  byWrites(r)
    ? (r.status === 'applied' || r.status === 'partly_applied' || r.status === 'interrupted') &&
      r.items.some((it) => it.result?.status === 'applied' && it.result.undo?.status !== 'undone') &&
      r.items.every((it) => it.result?.status !== 'applied' || Boolean(it.result.entryId))
    : r.status === 'applied' && r.appliedEntryId !== null
/** An apply cut short that is known to have changed nothing: its approvers may approve it again. */
export const retryable = (r: ChangeRequestView) => r.status === 'failed' && r.interrupted?.phase === 'apply' && r.interrupted.known === 0 && r.interrupted.unknown === 0
export const invalid = (issues: z.core.$ZodIssue[]) => jsonErrors(400, apiErrorsFromIssues(issues, 1004))

/** The touched records could not be read: nothing is decided on them (503, the request as it was). */
export const unreadable = (err: unknown) => {
  if (!(err instanceof ZoneUnreadable)) throw err
  return jsonError(503, 10503, err.message, { 'retry-after': '5' })
}
