import { localCall } from '@/lib/api-client'
import type { MigrationState } from '@/shared/schemas/load-balancing-migration'

/*
 * The saved migration lives in the dashboard's store (any browser, any instance sharing the store
 * resumes it), through /api/local/accounts/:account_id/lb-migration, administrators only. These
 * calls carry no zod: the page asks at first paint whether one exists; reading it back (checked by
 * the shared schema) is `parseSavedMigration` in storage.ts, which loads with the migration engine.
 */

/** Where the migration is kept; the dashboard's store in the browser, the real store's module in tests. */
export interface MigrationPersistence {
  /** The saved state of the account as stored (unchecked), or undefined when none is saved. */
  load: (accountId: string, signal?: AbortSignal) => Promise<unknown>
  save: (state: MigrationState) => Promise<void>
  clear: (accountId: string) => Promise<void>
}

/**
 * The dashboard's store. Each save names the save it follows (the `updated_at` last read or written,
 * or none), so a run never overwrites one saved meanwhile in another browser or by another
 * administrator: the server answers 409 and the run stops with that message.
 */
export function dashboardStore(): MigrationPersistence {
  const seen = new Map<string, string>()
  const expect = (accountId: string) => ({ 'X-Zonekeeper-Expect-Updated-At': seen.get(accountId) ?? 'none' })
  return {
    load: async (accountId, signal) => {
      const saved = await localCall('GET', '/api/local/accounts/:account_id/lb-migration', { path: { account_id: accountId }, signal })
      if (saved) seen.set(accountId, saved.updated_at)
      else seen.delete(accountId)
      return saved?.state
    },
    save: async (state) => {
      const stamp = await localCall('PUT', '/api/local/accounts/:account_id/lb-migration', {
        path: { account_id: state.accountId },
        body: state,
        headers: expect(state.accountId),
      })
      seen.set(state.accountId, stamp.updated_at)
    },
    clear: async (accountId) => {
      await localCall('DELETE', '/api/local/accounts/:account_id/lb-migration', { path: { account_id: accountId } })
      seen.delete(accountId)
    },
  }
}
