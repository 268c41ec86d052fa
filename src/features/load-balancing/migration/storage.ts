import { migrationStateSchema, type MigrationState } from '@/shared/schemas/load-balancing-migration'
import { defaultStore, migrationStorageKey } from './saved-migration'

export { clearMigration, saveMigration, type KeyValueStore } from './saved-migration'

/** The saved migration of an account, or undefined (none, unreadable, or another version: ignored). */
export function loadMigration(accountId: string, store = defaultStore()): MigrationState | undefined {
  const raw = store?.getItem(migrationStorageKey(accountId))
  if (!raw) return undefined
  try {
    const parsed = migrationStateSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.accountId === accountId ? parsed.data : undefined
  } catch {
    return undefined
  }
}
