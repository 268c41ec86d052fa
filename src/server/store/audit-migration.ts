import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './dialect'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** The audit log: one append-only table with indexes for its filters and for per-object history. */
export function auditLogMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('at', sql`bigint`, (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('zone_id', 'text')
        .addColumn('zone_name', 'text')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('errors', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('undo_of', 'integer')
        .addColumn('restore_point', 'text')
        .execute()
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
      await db.schema
        .createIndex('audit_log_object')
        .on('audit_log')
        .columns(['zone_id', 'resource_type', 'resource_id'])
        .execute()
      await db.schema.createIndex('audit_log_person').on('audit_log').columns(['person_id', 'at']).execute()
    },
  }
}
