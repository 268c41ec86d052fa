import { z } from 'zod'
import { nulFree } from './common'
import { personEmailSchema } from './email'

/**
 * Change requests: on a zone marked "changes need approval", DNS changes are proposed,
 * reviewed by someone else and applied as one batch. One contract for the server and the pages.
 */

export { CHANGE_REQUEST_STATUSES, STATUS_WORDS, type ChangeRequestStatus } from '../change-request-status'
import type { ChangeRequestStatus } from '../change-request-status'

export const CHANGE_ITEM_ACTIONS = ['create', 'update', 'delete'] as const
export type ChangeItemAction = (typeof CHANGE_ITEM_ACTIONS)[number]

/**
 * What an item changes: a DNS record (applied with the others through the DNS batch, all or nothing),
 * a record the DNS scan found (`dns_scan_result`, `recordId` the found record's id: a create accepts
 * it into the zone with `body` as found, a delete rejects it; applied together through the scan's
 * review endpoint, all or nothing, after the DNS batch) or a page-security policy (no batch: applied
 * one by one in the order given, stopping at the first failure).
 */
export const CHANGE_ITEM_KINDS = ['dns_record', 'page_shield_policy', 'dns_scan_result'] as const
export type ChangeItemKind = (typeof CHANGE_ITEM_KINDS)[number]

export const APPROVER_MODES = ['admins', 'editors', 'named'] as const
export type ApproverMode = (typeof APPROVER_MODES)[number]

export { MAX_CHANGE_ITEMS } from '../change-request-limit'
import { MAX_CHANGE_ITEMS } from '../change-request-limit'

const recordBody = z.record(z.string(), z.unknown())

const kind = z.enum(CHANGE_ITEM_KINDS).default('dns_record')
/** `recordId`: the id of the object changed (a DNS record's, a policy's, or a found record's: a create names one only for that kind). */
export const changeItemInputSchema = z.discriminatedUnion('action', [
  z.object({ kind, action: z.literal('create'), recordId: z.string().min(1).max(64).optional(), body: recordBody }),
  z.object({ kind, action: z.literal('update'), recordId: z.string().min(1).max(64), body: recordBody }),
  z.object({ kind, action: z.literal('delete'), recordId: z.string().min(1).max(64) }),
])
export type ChangeItemInput = z.input<typeof changeItemInputSchema>

export const newChangeRequestSchema = z.object({
  zoneId: z.string().regex(/^[0-9a-f]{32}$/i, { error: 'zoneId must be a zone id (32 hexadecimal characters).' }),
  title: nulFree(z.string().trim().min(1, { error: 'Give the request a title.' }).max(200)),
  reason: nulFree(z.string().trim().max(2000)).default(''),
  items: z.array(changeItemInputSchema).min(1, { error: 'A request needs at least one change.' }).max(MAX_CHANGE_ITEMS, { error: `A request holds at most ${MAX_CHANGE_ITEMS} changes.` }),
})

/** The zone-file import on an approval zone: the file's text, read into one proposed record per line. */
export const ZONE_FILE_MAX_BYTES = 256 * 1024
export const zoneFileProposalSchema = z.object({
  source: z.string({ error: 'source is the zone file, as text.' }).max(ZONE_FILE_MAX_BYTES, { error: 'The zone file is larger than 256 KiB, more than an import takes. Split it into several files.' }),
  proxied: z.boolean().default(false),
})

/** What the zone file proposes: one create per record line (with its line), and the lines it refused and why. */
export interface ZoneFileProposal {
  items: { line: number; label: string; body: Record<string, unknown> }[]
  refused: { line: number; text: string; message: string }[]
}

export const rejectSchema = z.object({ comment: nulFree(z.string().trim().min(1, { error: 'Say why: the requester reads it.' }).max(2000)) })

export const zoneApprovalInputSchema = z.object({
  required: z.boolean(),
  approverMode: z.enum(APPROVER_MODES).default('admins'),
  approverIds: z.array(z.string().min(1).max(64)).max(200).default([]),
  /** Administrators' changes need approval too. Left out: kept as it is (a client that does not know it never turns it off). */
  reviewEveryone: z.boolean().optional(),
})

export const personChangeSettingsSchema = z.object({
  mayPropose: z.boolean(),
  /** The person's own address (people.email), checked as on the People page; absent: left as it is. */
  email: personEmailSchema.optional(),
})

export interface ZoneApprovalSettings {
  zoneId: string
  required: boolean
  approverMode: ApproverMode
  approverIds: string[]
  /** Administrators' own changes need approval too (else they write directly, as the way out in an incident). The store always says it; a client may leave it out. */
  reviewEveryone?: boolean
}

/** What the asker may do on a zone (the DNS page asks before offering "Propose change"). */
export interface ZoneApprovalView extends ZoneApprovalSettings {
  mayPropose: boolean
  mayApprove: boolean
  /** Administrators write directly on an approval zone, unless its changes need review for everyone. */
  mayWriteDirectly: boolean
}

/** What the apply did with one item: done, refused (with the API's words), or not tried after an earlier failure. */
export interface ItemResult {
  /** `unknown`: the write was sent but no answer was recorded (the server stopped, or the API did not answer in time). */
  status: 'applied' | 'failed' | 'not_applied' | 'unknown'
  message?: string
  /** The audit entry of the write that applied it (a DNS item: the batch's; a policy: its own), what the request's undo reverses. */
  entryId?: number | null
  /** What "Undo this request" did with it: undone, refused (with the API's words), or not tried after an earlier refusal. */
  undo?: { status: 'undone' | 'failed' | 'not_undone' | 'unknown'; message?: string }
}

/**
 * Who holds a request being applied or undone: the instance that reserved it, when, and until when
 * the reservation holds unless renewed. Past `until`, any instance may recover the request.
 */
export interface ChangeRequestLease {
  instance: string
  leasedAt: number
  until: number
}

/**
 * A request whose apply (or undo) was cut short, as another instance found it from the store and the
 * audit log: how many changes are known to have landed (or been undone), how many are unknown.
 */
export interface ChangeRequestInterruption {
  phase: 'apply' | 'undo'
  /** The instance that held the lease, and when it reserved the request. */
  instance: string
  leasedAt: number
  /** When, and by which instance, it was recovered. */
  recoveredAt: number
  recoveredBy: string
  total: number
  /** Apply: changes known to have landed; undo: applied changes known to be undone. */
  known: number
  /** Changes sent with no answer recorded: they may or may not have happened. */
  unknown: number
  /** In plain words ("Interrupted: the server stopped while applying; 1 of 3 changes are known to have landed. …"). */
  message: string
}

export interface ChangeItemView {
  position: number
  kind: ChangeItemKind
  action: ChangeItemAction
  recordId: string | null
  body: Record<string, unknown> | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  /** Set by the apply (null before it). */
  result: ItemResult | null
}

export interface PersonRef {
  id: string | null
  username: string
  name: string
}

export interface ItemProblem {
  position: number
  label: string
  message: string
  /** For a stale item: the fields that moved, as proposed against and as they are now. */
  fields?: { field: string; was: unknown; now: unknown }[]
}

export interface ChangeRequestView {
  id: number
  zoneId: string
  zoneName: string
  title: string
  reason: string
  status: ChangeRequestStatus
  requester: PersonRef
  createdAt: number
  updatedAt: number
  decidedBy: PersonRef | null
  decidedAt: number | null
  comment: string | null
  /** Failed: the API's errors per item; stale: what moved. */
  problems: ItemProblem[] | null
  appliedEntryId: number | null
  /** The requester took this rejected or failed request off their "needs you" list. */
  requesterDone: boolean
  /** While applying or undoing: who holds it and until when (null otherwise). */
  lease: ChangeRequestLease | null
  /** Set when an apply or undo was cut short and recovered (kept until the request is applied again). */
  interrupted: ChangeRequestInterruption | null
  items: ChangeItemView[]
}

/** One field of a diff row. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** A diff row per object: "A shop.example.com" added / changed field by field / deleted; a found record rejected (the zone does not change). */
export interface ObjectDiff {
  position: number
  kind: 'added' | 'changed' | 'deleted' | 'rejected'
  label: string
  fields: FieldChange[]
}

export interface ImpactNote {
  position: number | null
  severity: 'warning' | 'info'
  text: string
}

/** A request as its detail page shows it. */
export interface ChangeRequestDetail extends ChangeRequestView {
  diff: ObjectDiff[]
  impact: ImpactNote[]
  mayApprove: boolean
  mayReject: boolean
  mayRefresh: boolean
  mayUndo: boolean
  /** The requester may take it off their "needs you" list (rejected or failed, not yet done). */
  mayDismiss: boolean
  /** The requester may withdraw it (pending only). */
  mayWithdraw: boolean
  /** The requester may put its changes into a new draft (rejected or withdrawn). */
  mayRevise: boolean
  /**
   * Who will approve a pending (or stale) request: `anyAdmin` always (administrators approve on
   * every zone), and the others named by the zone's settings (editors in scope, or the people listed),
   * never its requester. Null once the request is decided.
   */
  approvers: { anyAdmin: true; people: { username: string; name: string }[] } | null
}
