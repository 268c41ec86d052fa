import { z } from 'zod'
import { lazySchema } from './lazy'

/** What a search covered: read from the index's zones, for the person's scope. */
export const searchCoverageSchema = lazySchema(() =>
  z.object({
    zones_in_scope: z.number(),
    zones_indexed: z.number(),
    zones_not_read: z.number(),
    /** ms since the epoch; null when no zone was read whole yet. */
    oldest_read_at: z.number().nullable(),
    zones_listed_at: z.number().nullable(),
    /** Per account the person may see (when the deployment reaches several): the same counts, each account's own. */
    accounts: z
      .array(
        z.object({
          account_id: z.string(),
          name: z.string(),
          zones_in_scope: z.number(),
          zones_indexed: z.number(),
          zones_not_read: z.number(),
          oldest_read_at: z.number().nullable(),
          /** When the account's zone list was last read whole (ms); null: never (its zones may not be known yet). */
          zones_listed_at: z.number().nullable(),
        }),
      )
      .optional(),
    /** Accounts the person has a grant in that no credential of the dashboard reaches: none of their zones was searched. */
    unreached: z.array(z.object({ account_id: z.string(), name: z.string() })).optional(),
  }),
)
export type SearchCoverage = z.infer<typeof searchCoverageSchema>

/** One matching record, with where it is and when it was read. */
export const recordMatchSchema = lazySchema(() =>
  z.object({
    zone_id: z.string(),
    zone_name: z.string(),
    account_id: z.string(),
    /** The account's name as the credential that reaches it lists it (its id when none does now). */
    account_name: z.string().optional(),
    id: z.string(),
    type: z.string(),
    name: z.string(),
    content: z.string(),
    proxied: z.boolean().nullable(),
    ttl: z.number(),
    comment: z.string(),
    tags: z.array(z.string()),
    read_at: z.number(),
  }),
)
export type RecordMatch = z.infer<typeof recordMatchSchema>

/** `GET /api/local/search/records`: one page of matches, their exact count, and what was covered. */
export const recordSearchReplySchema = lazySchema(() =>
  z.object({
    items: z.array(recordMatchSchema),
    /** Every match in the index for this search and scope (exact). */
    total_count: z.number(),
    page: z.number(),
    per_page: z.number(),
    coverage: searchCoverageSchema,
  }),
)
export type RecordSearchReply = z.infer<typeof recordSearchReplySchema>
