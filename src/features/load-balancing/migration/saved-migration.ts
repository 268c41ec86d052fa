import type { MigrationState } from '@/shared/schemas/load-balancing-migration'

/*
 * The saved migration in localStorage, without zod: enough for the page to know at first paint
 * whether one exists, and to save or forget it. Reading it back (checked by the shared schema)
 * is `loadMigration` in storage.ts, which loads with the migration engine.
 */

export const migrationStorageKey = (accountId: string) => `zonekeeper:lb-migration:${accountId}`

/** Minimal storage (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem: (k: string) => string | null
  setItem: (k: string, v: string) => void
  removeItem: (k: string) => void
}

export const defaultStore = (): KeyValueStore | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage disabled (privacy mode): the migration still runs, it just cannot resume
  }
}

/** Whether something is saved for the account (it may still turn out unreadable when loaded). */
export function hasSavedMigration(accountId: string, store = defaultStore()): boolean {
  try {
    return Boolean(store?.getItem(migrationStorageKey(accountId)))
  } catch {
    return false
  }
}

export function saveMigration(state: MigrationState, store = defaultStore()): void {
  try {
    store?.setItem(migrationStorageKey(state.accountId), JSON.stringify(state))
  } catch {
    // Quota or disabled storage: the run goes on; only resuming after a reload is lost.
  }
}

export function clearMigration(accountId: string, store = defaultStore()): void {
  store?.removeItem(migrationStorageKey(accountId))
}
