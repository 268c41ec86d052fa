import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './dialect'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** Script watch: see watch-schema.ts. */
export function watchMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('watch_zones')
        .addColumn('zone_id', 'text', (c) => c.primaryKey())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('next_due_at', bigint, (c) => c.notNull())
        .addColumn('last_run_at', bigint)
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('watch_channels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('watch_channels_zone').on('watch_channels').column('zone_id').execute()
      await db.schema
        .createTable('watch_state')
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('seen', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('watch_state_pk', ['zone_id', 'item_kind', 'item_id'])
        .execute()
      await db.schema
        .createTable('watch_runs')
        .addColumn('id', serial, id)
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('started_at', bigint, (c) => c.notNull())
        .addColumn('finished_at', bigint)
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('scripts_seen', 'integer', (c) => c.notNull())
        .addColumn('connections_seen', 'integer', (c) => c.notNull())
        .addColumn('findings', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute()
      await db.schema.createIndex('watch_runs_zone').on('watch_runs').columns(['zone_id', 'started_at']).execute()
      await db.schema
        .createTable('watch_findings')
        .addColumn('id', serial, id)
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('run_id', 'integer', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('watch_findings_zone').on('watch_findings').columns(['zone_id', 'created_at']).execute()
      await db.schema
        .createTable('watch_reads')
        .addColumn('finding_id', 'integer', (c) => c.notNull())
        .addColumn('person_key', 'text', (c) => c.notNull())
        .addColumn('read_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('watch_reads_pk', ['finding_id', 'person_key'])
        .execute()
      await db.schema
        .createTable('watch_deliveries')
        .addColumn('id', serial, id)
        .addColumn('finding_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('channel_kind', 'text', (c) => c.notNull())
        .addColumn('channel_target', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', bigint, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addUniqueConstraint('watch_deliveries_once', ['finding_id', 'channel_id'])
        .execute()
      await db.schema.createIndex('watch_deliveries_due').on('watch_deliveries').columns(['status', 'next_attempt_at']).execute()
      await db.schema
        .createTable('watch_lease')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute()
    },
  }
}
