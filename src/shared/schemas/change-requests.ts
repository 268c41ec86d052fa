import { z } from 'zod'

/**
 * Change requests (issue 25): on a zone marked "changes need approval", DNS changes are proposed,
 * reviewed by someone else and applied as one batch. One contract for the server and the pages.
 */

export const CHANGE_REQUEST_STATUSES = ['pending', 'applying', 'applied', 'failed', 'rejected', 'stale', 'undone'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

export const CHANGE_ITEM_ACTIONS = ['create', 'update', 'delete'] as const
export type ChangeItemAction = (typeof CHANGE_ITEM_ACTIONS)[number]

export const APPROVER_MODES = ['admins', 'editors', 'named'] as const
export type ApproverMode = (typeof APPROVER_MODES)[number]

/** Words for each status, as the pages say them. */
export const STATUS_WORDS: Record<ChangeRequestStatus, string> = {
  pending: 'waiting for approval',
  applying: 'being applied',
  applied: 'applied',
  failed: 'failed',
  rejected: 'rejected',
  stale: 'stale: the zone changed since',
  undone: 'applied, then undone',
}

/** Most changes in one request (a batch takes far more; a reviewer reads every one). */
export const MAX_CHANGE_ITEMS = 100

const recordBody = z.record(z.string(), z.unknown())

export const changeItemInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), body: recordBody }),
  z.object({ action: z.literal('update'), recordId: z.string().min(1).max(64), body: recordBody }),
  z.object({ action: z.literal('delete'), recordId: z.string().min(1).max(64) }),
])
export type ChangeItemInput = z.infer<typeof changeItemInputSchema>

export const newChangeRequestSchema = z.object({
  zoneId: z.string().regex(/^[0-9a-f]{32}$/i, { error: 'zoneId must be a zone id (32 hexadecimal characters).' }),
  title: z.string().trim().min(1, { error: 'Give the request a title.' }).max(200),
  reason: z.string().trim().max(2000).default(''),
  items: z.array(changeItemInputSchema).min(1, { error: 'A request needs at least one change.' }).max(MAX_CHANGE_ITEMS, { error: `A request holds at most ${MAX_CHANGE_ITEMS} changes.` }),
})

export const rejectSchema = z.object({ comment: z.string().trim().min(1, { error: 'Say why: the requester reads it.' }).max(2000) })

export const zoneApprovalInputSchema = z.object({
  required: z.boolean(),
  approverMode: z.enum(APPROVER_MODES).default('admins'),
  approverIds: z.array(z.string().min(1).max(64)).max(200).default([]),
})

export const personChangeSettingsSchema = z.object({
  mayPropose: z.boolean(),
  email: z.email({ error: 'That is not an e-mail address.' }).max(254).nullable().default(null),
})

export interface ZoneApprovalSettings {
  zoneId: string
  required: boolean
  approverMode: ApproverMode
  approverIds: string[]
}

/** What the asker may do on a zone (the DNS page asks before offering "Propose change"). */
export interface ZoneApprovalView extends ZoneApprovalSettings {
  mayPropose: boolean
  mayApprove: boolean
  /** Administrators write directly even on an approval zone. */
  mayWriteDirectly: boolean
}

export interface ChangeItemView {
  position: number
  action: ChangeItemAction
  recordId: string | null
  body: Record<string, unknown> | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
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
  items: ChangeItemView[]
}

/** One field of a diff row. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** A diff row per object: "A shop.example.com" added / changed field by field / deleted. */
export interface ObjectDiff {
  position: number
  kind: 'added' | 'changed' | 'deleted'
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
}
