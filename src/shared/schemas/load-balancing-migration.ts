import { z } from 'zod'
import { lbEventSources, lbHealthStates } from './alerting'
import { lazySchema } from './lazy'

/**
 * The legacy-e-mail migration as the dashboard keeps it in its store (one per account, through
 * /api/local/accounts/:account_id/lb-migration), so a reload, another browser or another instance
 * resumes where it stopped. Versioned: an unknown version is discarded.
 */
export const migrationOptionsSchema = lazySchema(() =>
  z.object({
    new_health: z.array(z.enum(lbHealthStates)).min(1, 'Choose at least one health change.'),
    event_source: z.array(z.enum(lbEventSources)).min(1, 'Choose at least one event source.'),
  }),
)
export type MigrationOptions = z.infer<typeof migrationOptionsSchema>

export const migrationGroupSchema = lazySchema(() =>
  z.object({
    /** Lower-cased address; one notification policy per address. */
    address: z.string(),
    pools: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Set as soon as the policy exists (created, or an identical one found). */
    policyId: z.string().optional(),
  }),
)
export type MigrationGroup = z.infer<typeof migrationGroupSchema>

export const migrationMissingSchema = lazySchema(() =>
  z.object({ poolId: z.string(), poolName: z.string(), address: z.string() }),
)
export type MigrationMissing = z.infer<typeof migrationMissingSchema>

/** One result of the run, kept with the state (the last 200): a policy, or a page of pools. */
export const migrationEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('policy'), address: z.string(), adopted: z.boolean() }),
    z.object({
      type: z.literal('page-cleared'),
      page: z.number().int().min(1),
      pools: z.number().int().min(0),
      /** Names of the pools whose legacy e-mail this page cleared. */
      names: z.array(z.string()).default([]),
    }),
    z.object({ type: z.literal('page-blocked'), page: z.number().int().min(1), missing: z.array(migrationMissingSchema) }),
  ]),
)
export type MigrationEvent = z.infer<typeof migrationEventSchema>
export const MIGRATION_LOG_LIMIT = 200

export const migrationStepSchema = lazySchema(() => z.enum(['creating', 'clearing', 'done']))

export const migrationStateSchema = lazySchema(() =>
  z.object({
    version: z.literal(1),
    accountId: z.string(),
    startedAt: z.string(),
    updatedAt: z.string(),
    options: migrationOptionsSchema,
    /** Page size of the clearing PATCH: pages are windows of pools by name. */
    pageSize: z.number().int().min(1),
    totalPools: z.number().int().min(0),
    groups: z.array(migrationGroupSchema),
    step: migrationStepSchema,
    /** Pages whose pools all have an empty legacy e-mail now. */
    clearedPages: z.array(z.number().int().min(1)),
    /** Pages left alone because a pool on them has an address no policy covers. */
    blockedPages: z.array(z.object({ page: z.number().int().min(1), missing: z.array(migrationMissingSchema) })),
    /** Set when the run stopped on an error; cleared when it resumes. */
    lastError: z.string().optional(),
    /** Things the user should know that did not stop the run (e.g. a page that shifted while clearing). */
    warnings: z.array(z.string()).default([]),
    /** What the run did, per policy and per page of pools (the last MIGRATION_LOG_LIMIT). */
    log: z.array(migrationEventSchema).max(MIGRATION_LOG_LIMIT).default([]),
  }),
)
export type MigrationState = z.infer<typeof migrationStateSchema>

/** The store's answer for an account: the saved state, when and by whom it was last saved. */
export const savedMigrationSchema = lazySchema(() =>
  z.object({
    /** The migration engine's own state: the browser checks it when it loads it (`parseSavedMigration`). */
    state: z.unknown(),
    updated_at: z.string(),
    updated_by: z.string(),
  }),
)
export type SavedMigration = z.infer<typeof savedMigrationSchema>
