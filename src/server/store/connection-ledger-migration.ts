import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './dialect'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/**
 * connection_0001: verdicts on connections, kept like the scripts' ledger, and the
 * index of a zone's connections the "needs review" / "changed since review" filters are joined with.
 */
export function connectionLedgerMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('connection_reviews')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('connection_id', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('reviewer', 'text', (c) => c.notNull())
        .addColumn('reviewer_id', 'text')
        .addColumn('reviewed_at', 'text', (c) => c.notNull())
        .addColumn('connection_url', 'text', (c) => c.notNull())
        .addColumn('connection_host', 'text', (c) => c.notNull())
        .addColumn('connection_status', 'text')
        .addColumn('url_reported_malicious', 'integer', (c) => c.notNull())
        .addColumn('domain_reported_malicious', 'integer', (c) => c.notNull())
        .addColumn('malicious_url_categories', 'text', (c) => c.notNull())
        .addColumn('malicious_domain_categories', 'text', (c) => c.notNull())
        .addColumn('threat', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('connection_reviews_item').on('connection_reviews').columns(['zone_id', 'connection_id', 'id']).execute()
      await db.schema
        .createTable('connection_index')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('connection_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reported', 'integer', (c) => c.notNull())
        .addColumn('threat', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('sweep', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('connection_index_pk', ['owner', 'connection_id'])
        .execute()
      await db.schema
        .createIndex('connection_index_review')
        .on('connection_index')
        .columns(['owner', 'status', 'last_seen_at', 'connection_id', 'threat'])
        .execute()
      await db.schema
        .createTable('connection_index_state')
        .addColumn('owner', 'text', (c) => c.primaryKey())
        .addColumn('refreshed_at', bigint, (c) => c.notNull())
        .addColumn('sweep', 'integer', (c) => c.notNull())
        .addColumn('lease_until', bigint, (c) => c.notNull())
        .execute()
    },
  }
}
