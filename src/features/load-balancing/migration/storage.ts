import { migrationStateSchema, type MigrationState } from '@/shared/schemas/load-balancing-migration'

const key = (accountId: string) => `zonekeeper:lb-migration:${accountId}`

/** Minimal storage (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem: (k: string) => string | null
  setItem: (k: string, v: string) => void
  removeItem: (k: string) => void
}

const defaultStore = (): KeyValueStore | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage disabled (privacy mode): the migration still runs, it just cannot resume
  }
}

/** The saved migration of an account, or undefined (none, unreadable, or another version: ignored). */
export function loadMigration(accountId: string, store = defaultStore()): MigrationState | undefined {
  const raw = store?.getItem(key(accountId))
  if (!raw) return undefined
  try {
    const parsed = migrationStateSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.accountId === accountId ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function saveMigration(state: MigrationState, store = defaultStore()): void {
  try {
    store?.setItem(key(state.accountId), JSON.stringify(state))
  } catch {
    // Quota or disabled storage: the run goes on; only resuming after a reload is lost.
  }
}

export function clearMigration(accountId: string, store = defaultStore()): void {
  store?.removeItem(key(accountId))
}
