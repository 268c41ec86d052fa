import { requestLocal } from '@/lib/api-client'
import type { MigrationState, SavedMigration } from '@/shared/schemas/load-balancing-migration'

/*
 * The saved migration lives in the dashboard's store (any browser, any instance sharing the store
 * resumes it), through /api/local/accounts/:account_id/lb-migration, administrators only. These
 * calls carry no zod: the page asks at first paint whether one exists; reading it back (checked by
 * the shared schema) is `parseSavedMigration` in storage.ts, which loads with the migration engine.
 */

export const migrationUrl = (accountId: string) => `/api/local/accounts/${encodeURIComponent(accountId)}/lb-migration`

/** Where the migration is kept; the dashboard's store in the browser, the real store's module in tests. */
export interface MigrationPersistence {
  /** The saved state of the account as stored (unchecked), or undefined when none is saved. */
  load: (accountId: string, signal?: AbortSignal) => Promise<unknown>
  save: (state: MigrationState) => Promise<void>
  clear: (accountId: string) => Promise<void>
}

export const dashboardStore: MigrationPersistence = {
  load: async (accountId, signal) => (await requestLocal<SavedMigration | null>('GET', migrationUrl(accountId), undefined, signal))?.state,
  save: async (state) => void (await requestLocal('PUT', migrationUrl(state.accountId), state)),
  clear: async (accountId) => void (await requestLocal('DELETE', migrationUrl(accountId))),
}
