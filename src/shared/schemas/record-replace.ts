import { z } from 'zod'
import { ALL_DNS_RECORD_TYPES } from '../dns/record-type-names'
import { RECORD_SEARCH_FIELDS, RECORD_SEARCH_MAX_CHARS } from '../search/record-search'
import { hexIdSchema } from './common'
import { lazySchema } from './lazy'

/**
 * "Change them all" from the Search page: which matches (the search itself, resolved again by the
 * server so "every match" is exact, or the rows a person ticked) and what to do with them.
 * Preview: `POST /api/local/search/replace/preview`; apply, one zone a call:
 * `POST /api/local/search/replace/zones/:zone_id`.
 */

/** Most zones one change spans (the preview reads each one whole from the API). */
export const REPLACE_MAX_ZONES = 100
/** Most records one change touches. */
export const REPLACE_MAX_RECORDS = 10_000

const searchSelection = lazySchema(() =>
  z.object({
    mode: z.literal('search'),
    q: z.string().max(RECORD_SEARCH_MAX_CHARS).optional(),
    field: z.enum(RECORD_SEARCH_FIELDS).optional(),
    type: z.enum(ALL_DNS_RECORD_TYPES).optional(),
  }),
)
const recordsSelection = lazySchema(() =>
  z.object({
    mode: z.literal('records'),
    records: z
      .array(z.object({ zone_id: hexIdSchema, id: z.string().min(1).max(64) }))
      .min(1, 'Pick at least one record.')
      .max(REPLACE_MAX_RECORDS, `Pick at most ${REPLACE_MAX_RECORDS.toLocaleString('en-US')} records.`),
  }),
)
export const replaceSelectionSchema = lazySchema(() => z.discriminatedUnion('mode', [searchSelection, recordsSelection]))
export type ReplaceSelection = z.infer<typeof replaceSelectionSchema>

export const replaceChangeSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    // Checked per record type by the record's own schema (dns-record-input.ts) on the server, and at the field on the page.
    z.object({ action: z.literal('replace'), content: z.string().trim().min(1, 'Type the new value.').max(4096) }),
    z.object({ action: z.literal('delete') }),
  ]),
)
export type ReplaceChange = z.infer<typeof replaceChangeSchema>

export const replacePreviewBodySchema = lazySchema(() =>
  z.object({ selection: replaceSelectionSchema, change: replaceChangeSchema }),
)
export const replaceApplyBodySchema = lazySchema(() =>
  z.object({
    selection: replaceSelectionSchema,
    change: replaceChangeSchema,
    /** The change request's reason, where the zone needs approval. */
    reason: z.string().max(2000).optional(),
  }),
)

const rec = lazySchema(() => z.record(z.string(), z.unknown()))

/** One record of the preview: as it is now (read from the API), and as the change leaves it (null: deleted). */
export const replaceRowSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    before: rec,
    after: rec.nullable(),
    /** Why this record would not be changed (the new value is not valid for its type…). */
    problem: z.string().nullable(),
  }),
)

export const replaceZonePreviewSchema = lazySchema(() =>
  z.object({
    zone_id: z.string(),
    zone_name: z.string(),
    /** The zone's account (the index's; '' when not known): it is planned and applied in that account, with the person's grant there. */
    account_id: z.string(),
    /** direct: one DNS batch (or several within the plan's limit); change_request: filed for approval; refused: see reason. */
    how: z.enum(['direct', 'change_request', 'refused']),
    reason: z.string().nullable(),
    rows: z.array(replaceRowSchema),
    /** The change requests' impact notes for this zone (an origin becoming visible…). */
    impact: z.array(z.object({ severity: z.enum(['info', 'warning']), text: z.string(), label: z.string().nullable() })),
    /** Matches the index had that are no longer there or no longer match (changed since the search). */
    gone: z.number(),
    /** Records per batch on this zone's plan. */
    batch_limit: z.number(),
  }),
)
export type ReplaceZonePreview = z.infer<typeof replaceZonePreviewSchema>

export const replacePreviewSchema = lazySchema(() => z.object({ zones: z.array(replaceZonePreviewSchema), records: z.number() }))
export type ReplacePreview = z.infer<typeof replacePreviewSchema>

export const replaceZoneResultSchema = lazySchema(() =>
  z.object({
    zone_id: z.string(),
    zone_name: z.string(),
    outcome: z.enum(['applied', 'filed', 'refused', 'failed', 'nothing']),
    message: z.string().nullable(),
    records: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        status: z.enum(['ok', 'failed', 'skipped', 'filed']),
        message: z.string().nullable(),
      }),
    ),
    /** The audit entries of the batches sent (each one's undo reverses it). */
    audit_ids: z.array(z.number()),
    change_request_id: z.number().nullable(),
  }),
)
export type ReplaceZoneResult = z.infer<typeof replaceZoneResultSchema>
