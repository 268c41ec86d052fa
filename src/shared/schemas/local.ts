import { z } from 'zod'
import type { ConnectionReviewKind } from '../page-shield/connection-review'
import type { PageShieldConnection, PageShieldScript } from './page-shield'
import type { ConnectionReviewEntry } from './page-shield-review'

/*
 * Bodies and answers of the dashboard's own routes (`/api/local/…`) that are not one area's schema:
 * read by their entries in src/shared/endpoints/local.ts.
 */

/**
 * A write that takes no body (a DELETE, "send a test", "check now"): nothing, or an empty object.
 * Anything else is refused pointing at each key it does not read, so a caller who thinks it sends
 * something learns it is ignored.
 */
export const noBodySchema = z
  .record(z.string(), z.never({ error: 'This request takes no body: this field is not read.' }), { error: 'This request takes no body.' })
  .optional()

/** POST /api/local/practice: the session's switch between practice and live. */
export const practiceSwitchSchema = z.object({
  practice: z.boolean({ error: 'Send { "practice": true } to practise or { "practice": false } to go back to live.' }),
})

/**
 * An answer's type, declared beside its route: the browser's calls take their result type from it.
 * Not checked at run time (it accepts any value): the server builds these answers from typed
 * views, and a browser that checked them would ship their schemas in its first load.
 */
export const viewOf = <T>() => z.custom<T>()

// The answers' types of routes whose views are built on the server and read by the browser.

/** One series of calls: by area or by person, per minute over the last hour. */
export interface CallSeries {
  name: string
  total: number
  perMinute: { minute: number; calls: number }[]
}

/** `/api/local/budget` (administrators): the API rate budget every instance shares, and where it goes. */
export interface BudgetPanelData {
  live: boolean
  now?: number
  budget?: {
    quota: number
    windowSeconds: number
    remaining: number
    resetInSeconds: number
    blockedForSeconds: number
    reservedForPages: number
    floor: number
    /** The last requests of the window only administrators' reads may spend. */
    reservedForAdmins?: number
    observedAt: number
  } | null
  byArea?: CallSeries[]
  byPerson?: CallSeries[]
  /** Each person's calls in the current window (every instance's), and the most one person may make. */
  shares?: { percent: number; limit: number; windowSeconds: number; people: { name: string; calls: number }[] }
  cache?: {
    hits: number
    coalesced: number
    sent: number
    ttlMs: number
    entries: { path: string; ageMs: number; hits: number; bytes: number }[]
  }
  refused?: { interactive: number; long: number }
}

/** What GET /api/local/audit/chain answers (administrators only): the walk of the tamper-evident chain. */
export interface AuditChainView {
  /** True when every entry from the anchor to the head matches. */
  ok: boolean
  /** Entries checked. */
  checked: number
  /** The newest entry that matched (with all before it); null when none. */
  verifiedUpTo: number | null
  /** The first entry that does not match, when one does not. */
  brokenAt: number | null
  reason: string | null
  /** Where the chain starts: the last entry retention removed (0: nothing removed). */
  anchorId: number
}

/** Exact counts of the scripts matching a view (before its review filter), over the whole zone. */
export interface ScriptIndexCounts {
  total: number
  new: number
  changed: number
  /** Reviewed as they are now, verdict "Investigate" aside. */
  reviewed: number
  /** Reviewed with the verdict "Investigate": they still need review. */
  investigating: number
  malicious: number
  /** Of `reviewed`: verdicts inherited from a pattern verdict. */
  by_pattern: number
}

/** The dashboard's index of the zone's scripts, joined with the review ledger (server/local/script-index.ts). */
export interface ScriptIndexAnswer {
  items: PageShieldScript[]
  /** Scripts matching every filter of the view, review filter included. */
  total_count: number
  page: number
  per_page: number
  counts: ScriptIndexCounts
  /** When the index was last brought up to date, and last read whole (ms; 0: never). */
  index: { refreshed_at: number; full_sweep_at: number }
  /**
   * The zone's payment page patterns; with `payment_only`, `of` is how many scripts the view holds
   * without that scope (so the page says "scripts on payment pages: N of M").
   */
  payment: { patterns: string[]; of?: number }
}

/** Until the zone's scripts were read whole once: how far the first build is (server/local/script-index.ts). */
export interface ScriptIndexBuilding {
  building: { seen: number; total: number }
}
export type ScriptIndexReply = ScriptIndexAnswer | ScriptIndexBuilding
export interface ConnectionIndexCounts {
  total: number
  new: number
  changed: number
  /** Reviewed as they are now, verdict "Investigate" aside. */
  reviewed: number
  /** Reviewed with the verdict "Investigate": they still need review. */
  investigating: number
  reported: number
}

/** A page of connections from the dashboard's index, joined with the ledger (exact over the zone). */
export interface ConnectionIndexAnswer {
  items: PageShieldConnection[]
  states: Record<string, { state: ConnectionReviewKind; verdict: ConnectionReviewEntry['verdict'] | null; reviewer: string | null; reviewed_at: string | null }>
  total_count: number
  counts: ConnectionIndexCounts
  index: { refreshed_at: number }
}

