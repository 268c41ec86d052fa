import { z } from 'zod'
import type { AuditQuery } from '../lists/audit'
import { lazySchema } from './lazy'

/** Milliseconds range of the `from`/`to` days (the `to` day included to its last millisecond). */
export function auditTimeRange(s: Pick<AuditQuery, 'from' | 'to'>): { from?: number; to?: number } {
  return {
    from: s.from ? Date.parse(`${s.from}T00:00:00Z`) : undefined,
    to: s.to ? Date.parse(`${s.to}T23:59:59.999Z`) : undefined,
  }
}

/*
 * The audit log's answers (views the server builds and the browser reads): the types are derived
 * from them (src/shared/audit.ts re-exports the types), and src/server/local/results.test.ts parses
 * every GET answer with its route's schema.
 */
export const auditEntryViewSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    at: z.number(),
    requestId: z.string(),
    personId: z.string().nullable(),
    username: z.string(),
    personName: z.string(),
    mode: z.string(),
    zoneId: z.string().nullable(),
    zoneName: z.string().nullable(),
    area: z.string(),
    resourceType: z.string(),
    resourceId: z.string().nullable(),
    action: z.string(),
    method: z.string(),
    path: z.string(),
    /** `unknown`: sent, but no answer was recorded (the server stopped while it was on its way). */
    outcome: z.enum(['success', 'failure', 'refused', 'unknown']),
    status: z.number().int(),
    errors: z.array(z.object({ code: z.number(), message: z.string() })),
    before: z.unknown(),
    after: z.unknown(),
    undoOf: z.number().int().nullable(),
    hasRestorePoint: z.boolean(),
    /** The object as a person knows it: "A shop.example.com", a policy's description… (null: nothing names it). */
    label: z.string().nullable(),
    /** The personal API token the write came with (its first characters), through /client/v4. */
    tokenPrefix: z.string().nullable(),
    /** The entry's hash in the tamper-evident chain (null only while it is being written). */
    hash: z.string().nullable(),
    /** The client's address (sign-in and other security events, and every write since migration 0023). */
    address: z.string().nullable(),
    /** The account the change went through (its id); null: the deployment's default account. */
    account: z.string().nullable().optional(),
    /**
     * Lists and the CSV leave a bulk before or after out (an import's can be megabytes): then they
     * are null here and this gives their sizes (characters); GET /api/local/audit/:id has them whole.
     */
    omitted: z.object({ before: z.number().int(), after: z.number().int() }).nullable().optional(),
  }),
)
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>

/** What GET /api/local/audit/:id/undo-check answers. */
export const undoCheckViewSchema = lazySchema(() =>
  z.object({
    summary: z.string(),
    note: z.string().nullable(),
    conflicts: z.array(z.object({ label: z.string(), path: z.string(), expected: z.unknown(), current: z.unknown() })),
    /** The write the undo would send. */
    request: z.object({ method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']), path: z.string(), body: z.unknown().optional() }),
  }),
)

/** What GET /api/local/audit/chain answers (administrators only): the walk of the tamper-evident chain. */
export const auditChainViewSchema = lazySchema(() =>
  z.object({
    /** True when every entry from the anchor to the head matches. */
    ok: z.boolean(),
    /** Entries checked. */
    checked: z.number().int(),
    /** The newest entry that matched (with all before it); null when none. */
    verifiedUpTo: z.number().int().nullable(),
    /** The first entry that does not match, when one does not. */
    brokenAt: z.number().int().nullable(),
    reason: z.string().nullable(),
    /** Where the chain starts: the last entry retention removed (0: nothing removed). */
    anchorId: z.number().int(),
    /** Checked with the audit key: the first entry its signatures cover (null: checked without the key). */
    signedFrom: z.number().int().nullable(),
  }),
)
export type AuditChainView = z.infer<typeof auditChainViewSchema>

/** GET /api/local/audit/:id: the entry whole, whether it can be undone (or why not), and the entry that undid it. */
export const auditEntryAnswerSchema = lazySchema(() =>
  z.object({
    entry: auditEntryViewSchema,
    undo: z.union([z.object({ summary: z.string(), note: z.string().optional() }), z.object({ reason: z.string() })]),
    /** The id of the entry of the undo that reversed this one; null while none did. */
    undoneBy: z.number().int().nullable(),
  }),
)
