import { z } from 'zod'
import type { ConnectionReviewKind } from '../page-shield/connection-review'
import { pageShieldConnectionSchema, pageShieldScriptSchema } from './page-shield'
import { reviewVerdictSchema } from './page-shield-review'
import { lazySchema } from './lazy'

/*
 * Bodies and answers of the dashboard's own routes (`/api/local/…`) that are not one area's schema:
 * read by their entries in src/shared/endpoints/local.ts.
 */

/**
 * A write that takes no body (a DELETE, "send a test", "check now"): nothing, or an empty object.
 * Anything else is refused pointing at each key it does not read, so a caller who thinks it sends
 * something learns it is ignored.
 */
export const noBodySchema = lazySchema(() =>
  z
    .record(z.string(), z.never({ error: 'This request takes no body: this field is not read.' }), {
      error: 'This request takes no body.',
    })
    .optional(),
)

/** POST /api/local/practice: the session's switch between practice and live. */
export const practiceSwitchSchema = lazySchema(() =>
  z.object({
    practice: z.boolean({ error: 'Send { "practice": true } to practise or { "practice": false } to go back to live.' }),
  }),
)

// The answers of routes whose views are built on the server and read by the browser.

/** One series of calls: by area or by person, per minute over the last hour. */
export const callSeriesSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    total: z.number().int(),
    perMinute: z.array(z.object({ minute: z.number(), calls: z.number().int() })),
  }),
)
export type CallSeries = z.infer<typeof callSeriesSchema>

/** One credential's rate budget as the panel shows it. */
const budgetFigureSchema = lazySchema(() =>
  z.object({
    quota: z.number(),
    windowSeconds: z.number(),
    remaining: z.number(),
    resetInSeconds: z.number(),
    blockedForSeconds: z.number(),
    reservedForPages: z.number(),
    floor: z.number(),
    /** The last requests of the window only administrators' reads may spend. */
    reservedForAdmins: z.number().optional(),
    observedAt: z.number(),
  }),
)

/** `/api/local/budget` (administrators): the API rate budget every instance shares, and where it goes. */
export const budgetPanelDataSchema = lazySchema(() =>
  z.object({
    live: z.boolean(),
    now: z.number().optional(),
    /** The environment credential's budget (the deployment's own). */
    budget: budgetFigureSchema.nullable().optional(),
    /** Each credential's own budget (the service counts each credential's calls apart), by the credential's name. */
    credentials: z.array(z.object({ id: z.string(), name: z.string(), budget: budgetFigureSchema.nullable() })).optional(),
    byArea: z.array(callSeriesSchema).optional(),
    byPerson: z.array(callSeriesSchema).optional(),
    /** Each person's calls in the current window (every instance's), and the most one person may make. */
    shares: z
      .object({
        percent: z.number(),
        limit: z.number(),
        windowSeconds: z.number(),
        people: z.array(z.object({ name: z.string(), calls: z.number().int() })),
      })
      .optional(),
    cache: z
      .object({
        hits: z.number().int(),
        coalesced: z.number().int(),
        sent: z.number().int(),
        ttlMs: z.number(),
        entries: z.array(z.object({ path: z.string(), ageMs: z.number(), hits: z.number().int(), bytes: z.number().int() })),
      })
      .optional(),
    refused: z.object({ interactive: z.number().int(), long: z.number().int() }).optional(),
  }),
)
export type BudgetPanelData = z.infer<typeof budgetPanelDataSchema>

/** What GET /api/local/audit/chain answers: its schema is the audit log's (src/shared/schemas/audit.ts). */
export type { AuditChainView } from './audit'

/** Exact counts of the scripts matching a view (before its review filter), over the whole zone. */
export const scriptIndexCountsSchema = lazySchema(() =>
  z.object({
    total: z.number().int(),
    new: z.number().int(),
    changed: z.number().int(),
    /** Reviewed as they are now, verdict "Investigate" aside. */
    reviewed: z.number().int(),
    /** Reviewed with the verdict "Investigate": they still need review. */
    investigating: z.number().int(),
    malicious: z.number().int(),
    /** Of `reviewed`: verdicts inherited from a pattern verdict. */
    by_pattern: z.number().int(),
  }),
)
export type ScriptIndexCounts = z.infer<typeof scriptIndexCountsSchema>

/** The dashboard's index of the zone's scripts, joined with the review ledger (server/local/script-index.ts). */
export const scriptIndexAnswerSchema = lazySchema(() =>
  z.object({
    /** The scripts as the API lists them, with the pages each was seen on (what the payment scope reads). */
    items: z.array(pageShieldScriptSchema.extend({ page_urls: z.array(z.string()).optional() })),
    /** Scripts matching every filter of the view, review filter included. */
    total_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    counts: scriptIndexCountsSchema,
    /** When the index was last brought up to date, and last read whole (ms; 0: never). */
    index: z.object({ refreshed_at: z.number(), full_sweep_at: z.number() }),
    /**
     * The zone's payment page patterns; with `payment_only`, `of` is how many scripts the view holds
     * without that scope (so the page says "scripts on payment pages: N of M").
     */
    payment: z.object({ patterns: z.array(z.string()), of: z.number().int().optional() }),
  }),
)

/** Until the zone's scripts were read whole once: how far the first build is (server/local/script-index.ts). */
export const scriptIndexBuildingSchema = lazySchema(() =>
  z.object({ building: z.object({ seen: z.number().int(), total: z.number().int() }) }),
)
export type ScriptIndexBuilding = z.infer<typeof scriptIndexBuildingSchema>
export const scriptIndexReplySchema = lazySchema(() => z.union([scriptIndexAnswerSchema, scriptIndexBuildingSchema]))
export type ScriptIndexReply = z.infer<typeof scriptIndexReplySchema>

export const connectionIndexCountsSchema = lazySchema(() =>
  z.object({
    total: z.number().int(),
    new: z.number().int(),
    changed: z.number().int(),
    /** Reviewed as they are now, verdict "Investigate" aside. */
    reviewed: z.number().int(),
    /** Reviewed with the verdict "Investigate": they still need review. */
    investigating: z.number().int(),
    reported: z.number().int(),
  }),
)
export type ConnectionIndexCounts = z.infer<typeof connectionIndexCountsSchema>

/** A page of connections from the dashboard's index, joined with the ledger (exact over the zone). */
export const connectionIndexAnswerSchema = lazySchema(() =>
  z.object({
    items: z.array(pageShieldConnectionSchema),
    states: z.record(
      z.string(),
      z.object({
        state: z.enum(['new', 'changed', 'reviewed'] satisfies ConnectionReviewKind[]),
        verdict: reviewVerdictSchema.nullable(),
        reviewer: z.string().nullable(),
        reviewed_at: z.string().nullable(),
      }),
    ),
    total_count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    counts: connectionIndexCountsSchema,
    index: z.object({ refreshed_at: z.number() }),
  }),
)
export type ConnectionIndexAnswer = z.infer<typeof connectionIndexAnswerSchema>
