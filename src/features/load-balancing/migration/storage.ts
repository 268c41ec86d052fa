import { migrationStateSchema, type MigrationState } from '@/shared/schemas/load-balancing-migration'

/** A saved migration of the account, checked by the shared schema; undefined when none, another account or another version. */
export function parseSavedMigration(accountId: string, raw: unknown): MigrationState | undefined {
  if (raw === undefined || raw === null) return undefined
  const parsed = migrationStateSchema.safeParse(raw)
  return parsed.success && parsed.data.accountId === accountId ? parsed.data : undefined
}
