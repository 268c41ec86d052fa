import { z } from 'zod'
import { hexIdSchema, nulFree } from './common'

/**
 * The review ledger: the dashboard's own record (not the API's) of who looked at a detected script,
 * what they concluded and what the script was at that moment.
 */
import { REVIEW_VERDICTS } from '../page-shield/review-verdicts'
import { lazySchema } from './lazy'

export { REVIEW_VERDICT_TEXT, type ReviewVerdict } from '../page-shield/review-verdicts'

export const reviewVerdictSchema = lazySchema(() =>
  z.enum(REVIEW_VERDICTS, {
    error: 'verdict must be "expected" (known and wanted), "investigate" (needs a closer look) or "malicious" (must be removed).',
  }),
)

const score = lazySchema(() => z.number().int().min(1).max(99).nullable())

/** What the script was when it was reviewed: a later change of content or score re-opens it. */
export const reviewSnapshotSchema = lazySchema(() =>
  z.object({
    url: z.string().min(1).max(4096),
    host: z.string().max(255),
    hash: z.string().max(128).nullable(),
    js_integrity_score: score,
    malware_score: score,
    magecart_score: score,
    cryptomining_score: score,
  }),
)

/**
 * A verdict on a script: the id, the verdict and the note. The server reads the script from the API
 * for the ledger's snapshot; a `script` the body carries (older pages sent one) is not used.
 */
export const reviewInputSchema = lazySchema(() =>
  z.object({
    script_id: hexIdSchema,
    verdict: reviewVerdictSchema,
    note: nulFree(
      z
        .string({ error: 'note is required.' })
        .trim()
        .min(1, 'Write a short note: why is it expected, or what should be checked?')
        .max(2000, 'The note is at most 2000 characters.'),
    ),
    script: reviewSnapshotSchema.optional(),
  }),
)
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const reviewEntrySchema = lazySchema(() =>
  reviewInputSchema.extend({
    /** What the script was when reviewed, as the server read it from the API. */
    script: reviewSnapshotSchema,
    id: z.number().int(),
    /** Who was signed in when the review was recorded (set by the server, never typed). */
    reviewer: z.string(),
    zone_id: z.string(),
    reviewed_at: z.string(),
    /**
     * Set when the verdict was inherited from a pattern verdict: which pattern (its author is
     * `reviewer`, its justification `note`). Absent or null: an individual review.
     */
    pattern: z.object({ id: z.number().int(), pattern: z.string(), active: z.boolean().optional() }).nullable().optional(),
  }),
)
export type ReviewEntry = z.infer<typeof reviewEntrySchema>

/**
 * A verdict on a connection. Only the id, the verdict and the note: the server
 * reads the connection from the API itself for the ledger's snapshot, and the reviewer from the sign-in.
 */
export const connectionReviewInputSchema = lazySchema(() =>
  z.object({
    connection_id: hexIdSchema,
    verdict: reviewVerdictSchema,
    note: reviewInputSchema.shape.note,
  }),
)
export type ConnectionReviewInput = z.infer<typeof connectionReviewInputSchema>

export const connectionSnapshotSchema = lazySchema(() =>
  z.object({
    url: z.string(),
    host: z.string(),
    status: z.string().nullable(),
    url_reported_malicious: z.boolean(),
    domain_reported_malicious: z.boolean(),
    malicious_url_categories: z.array(z.string()),
    malicious_domain_categories: z.array(z.string()),
  }),
)

export const connectionReviewEntrySchema = lazySchema(() =>
  connectionReviewInputSchema.extend({
    id: z.number().int(),
    reviewer: z.string(),
    zone_id: z.string(),
    reviewed_at: z.string(),
    connection: connectionSnapshotSchema,
  }),
)
export type ConnectionReviewEntry = z.infer<typeof connectionReviewEntrySchema>
