import { z } from 'zod'
import { nulFree } from './common'
import { personEmailSchema } from './email'

/**
 * Change requests: on a zone marked "changes need approval", DNS changes are proposed,
 * reviewed by someone else and applied as one batch. One contract for the server and the pages.
 */

export { CHANGE_REQUEST_STATUSES, STATUS_WORDS, type ChangeRequestStatus } from '../change-request-status'
import { CHANGE_REQUEST_STATUSES } from '../change-request-status'

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
import { lazySchema } from './lazy'

const recordBody = lazySchema(() => z.record(z.string(), z.unknown()))

const kind = lazySchema(() => z.enum(CHANGE_ITEM_KINDS).default('dns_record'))
/** `recordId`: the id of the object changed (a DNS record's, a policy's, or a found record's: a create names one only for that kind). */
export const changeItemInputSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ kind, action: z.literal('create'), recordId: z.string().min(1).max(64).optional(), body: recordBody }),
    z.object({ kind, action: z.literal('update'), recordId: z.string().min(1).max(64), body: recordBody }),
    z.object({ kind, action: z.literal('delete'), recordId: z.string().min(1).max(64) }),
  ]),
)
export type ChangeItemInput = z.input<typeof changeItemInputSchema>

export const newChangeRequestSchema = lazySchema(() =>
  z.object({
    zoneId: z.string().regex(/^[0-9a-f]{32}$/i, { error: 'zoneId must be a zone id (32 hexadecimal characters).' }),
    title: nulFree(z.string().trim().min(1, { error: 'Give the request a title.' }).max(200)),
    reason: nulFree(z.string().trim().max(2000)).default(''),
    items: z
      .array(changeItemInputSchema)
      .min(1, { error: 'A request needs at least one change.' })
      .max(MAX_CHANGE_ITEMS, { error: `A request holds at most ${MAX_CHANGE_ITEMS} changes.` }),
  }),
)

/** The zone-file import on an approval zone: the file's text, read into one proposed record per line. */
export const ZONE_FILE_MAX_BYTES = 256 * 1024
export const zoneFileProposalSchema = lazySchema(() =>
  z.object({
    source: z
      .string({ error: 'source is the zone file, as text.' })
      .max(ZONE_FILE_MAX_BYTES, {
        error: 'The zone file is larger than 256 KiB, more than an import takes. Split it into several files.',
      }),
    proxied: z.boolean().default(false),
  }),
)

/** What the zone file proposes: one create per record line (with its line), and the lines it refused and why. */
export const zoneFileProposalViewSchema = lazySchema(() =>
  z.object({
    items: z.array(z.object({ line: z.number().int(), label: z.string(), body: z.record(z.string(), z.unknown()) })),
    refused: z.array(z.object({ line: z.number().int(), text: z.string(), message: z.string() })),
  }),
)
export type ZoneFileProposal = z.infer<typeof zoneFileProposalViewSchema>

export const rejectSchema = lazySchema(() =>
  z.object({ comment: nulFree(z.string().trim().min(1, { error: 'Say why: the requester reads it.' }).max(2000)) }),
)

export const zoneApprovalInputSchema = lazySchema(() =>
  z.object({
    required: z.boolean(),
    approverMode: z.enum(APPROVER_MODES).default('admins'),
    approverIds: z.array(z.string().min(1).max(64)).max(200).default([]),
    /** Administrators' changes need approval too. Left out: kept as it is (a client that does not know it never turns it off). */
    reviewEveryone: z.boolean().optional(),
  }),
)

export const personChangeSettingsSchema = lazySchema(() =>
  z.object({
    mayPropose: z.boolean(),
    /** The person's own address (people.email), checked as on the People page; absent: left as it is. */
    email: personEmailSchema.optional(),
  }),
)

/*
 * The answers' schemas (views the server builds and the browser reads): the types are derived from
 * them, and src/server/local/results.test.ts parses every GET answer with its route's schema.
 */

export const zoneApprovalSettingsSchema = lazySchema(() =>
  z.object({
    zoneId: z.string(),
    required: z.boolean(),
    approverMode: z.enum(APPROVER_MODES),
    approverIds: z.array(z.string()),
    /** Administrators' own changes need approval too (else they write directly, as the way out in an incident). The store always says it; a client may leave it out. */
    reviewEveryone: z.boolean().optional(),
  }),
)
export type ZoneApprovalSettings = z.infer<typeof zoneApprovalSettingsSchema>

/** GET /api/local/change-requests/zones (administrators): every zone's settings with its name. */
export const zoneApprovalListEntrySchema = lazySchema(() => zoneApprovalSettingsSchema.extend({ zoneName: z.string() }))

/** What the asker may do on a zone (the DNS page asks before offering "Propose change"). */
export const zoneApprovalViewSchema = lazySchema(() =>
  zoneApprovalSettingsSchema.extend({
    mayPropose: z.boolean(),
    mayApprove: z.boolean(),
    /** Administrators write directly on an approval zone, unless its changes need review for everyone. */
    mayWriteDirectly: z.boolean(),
  }),
)
export type ZoneApprovalView = z.infer<typeof zoneApprovalViewSchema>

/** A person's change-request settings, as administrators see them (GET /api/local/change-requests/people). */
export const personChangeViewSchema = lazySchema(() =>
  z.object({ personId: z.string(), mayPropose: z.boolean(), email: z.string().nullable() }),
)

/** GET /api/local/change-requests/summary: the counts the navigation's badge shows. */
export const changeRequestSummarySchema = lazySchema(() =>
  z.object({ toApprove: z.number().int(), mineNeedingAttention: z.number().int() }),
)

const record = lazySchema(() => z.record(z.string(), z.unknown()))

/** What the apply did with one item: done, refused (with the API's words), or not tried after an earlier failure. */
export const itemResultSchema = lazySchema(() =>
  z.object({
    /** `unknown`: the write was sent but no answer was recorded (the server stopped, or the API did not answer in time). */
    status: z.enum(['applied', 'failed', 'not_applied', 'unknown']),
    message: z.string().optional(),
    /** The audit entry of the write that applied it (a DNS item: the batch's; a policy: its own), what the request's undo reverses. */
    entryId: z.number().int().nullable().optional(),
    /** What "Undo this request" did with it: undone, refused (with the API's words), or not tried after an earlier refusal. */
    undo: z.object({ status: z.enum(['undone', 'failed', 'not_undone', 'unknown']), message: z.string().optional() }).optional(),
  }),
)
export type ItemResult = z.infer<typeof itemResultSchema>

/**
 * Who holds a request being applied or undone: the instance that reserved it, when, and until when
 * the reservation holds unless renewed. Past `until`, any instance may recover the request.
 */
export const changeRequestLeaseSchema = lazySchema(() =>
  z.object({ instance: z.string(), leasedAt: z.number(), until: z.number() }),
)

/**
 * A request whose apply (or undo) was cut short, as another instance found it from the store and the
 * audit log: how many changes are known to have landed (or been undone), how many are unknown.
 */
export const changeRequestInterruptionSchema = lazySchema(() =>
  z.object({
    phase: z.enum(['apply', 'undo']),
    /** The instance that held the lease, and when it reserved the request. */
    instance: z.string(),
    leasedAt: z.number(),
    /** When, and by which instance, it was recovered. */
    recoveredAt: z.number(),
    recoveredBy: z.string(),
    total: z.number().int(),
    /** Apply: changes known to have landed; undo: applied changes known to be undone. */
    known: z.number().int(),
    /** Changes sent with no answer recorded: they may or may not have happened. */
    unknown: z.number().int(),
    /** In plain words ("Interrupted: the server stopped while applying; 1 of 3 changes are known to have landed. …"). */
    message: z.string(),
  }),
)
export type ChangeRequestInterruption = z.infer<typeof changeRequestInterruptionSchema>

export const changeItemViewSchema = lazySchema(() =>
  z.object({
    position: z.number().int(),
    kind: z.enum(CHANGE_ITEM_KINDS),
    action: z.enum(CHANGE_ITEM_ACTIONS),
    recordId: z.string().nullable(),
    body: record.nullable(),
    before: record.nullable(),
    after: record.nullable(),
    /** Set by the apply (null before it). */
    result: itemResultSchema.nullable(),
  }),
)
export type ChangeItemView = z.infer<typeof changeItemViewSchema>

export const personRefSchema = lazySchema(() => z.object({ id: z.string().nullable(), username: z.string(), name: z.string() }))
export type PersonRef = z.infer<typeof personRefSchema>

export const itemProblemSchema = lazySchema(() =>
  z.object({
    position: z.number().int(),
    label: z.string(),
    message: z.string(),
    /** For a stale item: the fields that moved, as proposed against and as they are now. */
    fields: z.array(z.object({ field: z.string(), was: z.unknown(), now: z.unknown() })).optional(),
  }),
)
export type ItemProblem = z.infer<typeof itemProblemSchema>

export const changeRequestViewSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** The account it was filed in (null: the deployment's default account); only asked for there. */
    account: z.string().nullable(),
    zoneId: z.string(),
    zoneName: z.string(),
    title: z.string(),
    reason: z.string(),
    status: z.enum(CHANGE_REQUEST_STATUSES),
    requester: personRefSchema,
    createdAt: z.number(),
    updatedAt: z.number(),
    decidedBy: personRefSchema.nullable(),
    decidedAt: z.number().nullable(),
    comment: z.string().nullable(),
    /** Failed: the API's errors per item; stale: what moved. */
    problems: z.array(itemProblemSchema).nullable(),
    appliedEntryId: z.number().int().nullable(),
    /** The requester took this rejected or failed request off their "needs you" list. */
    requesterDone: z.boolean(),
    /** While applying or undoing: who holds it and until when (null otherwise). */
    lease: changeRequestLeaseSchema.nullable(),
    /** Set when an apply or undo was cut short and recovered (kept until the request is applied again). */
    interrupted: changeRequestInterruptionSchema.nullable(),
    items: z.array(changeItemViewSchema),
  }),
)
export type ChangeRequestView = z.infer<typeof changeRequestViewSchema>

/** One field of a diff row. */
export const fieldChangeSchema = lazySchema(() => z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }))

/** A diff row per object: "A shop.example.com" added / changed field by field / deleted; a found record rejected (the zone does not change). */
export const objectDiffSchema = lazySchema(() =>
  z.object({
    position: z.number().int(),
    kind: z.enum(['added', 'changed', 'deleted', 'rejected']),
    label: z.string(),
    fields: z.array(fieldChangeSchema),
  }),
)
export type ObjectDiff = z.infer<typeof objectDiffSchema>

export const impactNoteSchema = lazySchema(() =>
  z.object({ position: z.number().int().nullable(), severity: z.enum(['warning', 'info']), text: z.string() }),
)
export type ImpactNote = z.infer<typeof impactNoteSchema>

/** A request as its detail page shows it. */
export const changeRequestDetailSchema = lazySchema(() =>
  changeRequestViewSchema.extend({
    diff: z.array(objectDiffSchema),
    impact: z.array(impactNoteSchema),
    mayApprove: z.boolean(),
    mayReject: z.boolean(),
    mayRefresh: z.boolean(),
    mayUndo: z.boolean(),
    /** The requester may take it off their "needs you" list (rejected or failed, not yet done). */
    mayDismiss: z.boolean(),
    /** The requester may withdraw it (pending only). */
    mayWithdraw: z.boolean(),
    /** The requester may put its changes into a new draft (rejected or withdrawn). */
    mayRevise: z.boolean(),
    /**
     * Who will approve a pending (or stale) request: `anyAdmin` always (administrators approve on
     * every zone), and the others named by the zone's settings (editors in scope, or the people listed),
     * never its requester. Null once the request is decided.
     */
    approvers: z
      .object({ anyAdmin: z.literal(true), people: z.array(z.object({ username: z.string(), name: z.string() })) })
      .nullable(),
  }),
)
export type ChangeRequestDetail = z.infer<typeof changeRequestDetailSchema>
