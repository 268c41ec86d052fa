import { sql, type Kysely, type Migration } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/**
 * 0028: the index of a zone's detected scripts, one row per script and owner (mode, zone,
 * and the practising person where there is one), read from the API's scripts list so review filters
 * and counts cover every script of a zone; and one state row per owner (how fresh, who refreshes).
 */
export function scriptIndexMigration(): Migration {
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('script_index')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('script_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('hash', 'text')
        .addColumn('js_integrity_score', 'integer')
        .addColumn('reported', 'integer', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('page_urls', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('sweep', 'integer', (c) => c.notNull())
        .addColumn('checked_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('script_index_pk', ['owner', 'script_id'])
        .execute()
      await db.schema.createIndex('script_index_last_seen').on('script_index').columns(['owner', 'last_seen_at']).execute()
      // Covers counts, review filters and the order of a page without reading any script's JSON:
      // a page's ids come from this index alone, then only those rows are read (see store/script-index.ts).
      await db.schema
        .createIndex('script_index_review')
        .on('script_index')
        .columns(['owner', 'status', 'last_seen_at', 'script_id', 'hash', 'js_integrity_score', 'first_seen_at', 'reported'])
        .execute()
      await db.schema
        .createTable('script_index_state')
        .addColumn('owner', 'text', (c) => c.primaryKey())
        .addColumn('refreshed_at', bigint, (c) => c.notNull())
        .addColumn('full_sweep_at', bigint, (c) => c.notNull())
        .addColumn('sweep', 'integer', (c) => c.notNull())
        .addColumn('lease_until', bigint, (c) => c.notNull())
        .execute()
    },
  }
}

/**
 * connection_0002: how far the first build of a zone's script index has read the list
 * (scripts read, and how many the list holds), so a review page says "Indexing scripts: 8,000 of
 * 20,000" instead of waiting in silence, and any instance serving the page can tell.
 */
export function scriptIndexProgressMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('script_index_state').addColumn('progress_seen', 'integer', (c) => c.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('script_index_state').addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    },
  }
}

/**
 * `index_0001-lease-holders`: who holds the refresh lease of a script or connection index (one
 * refresher per owner, the store's one lease, lease.ts), so only its holder renews, ends or gives it back.
 */
export function indexLeaseHolderMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('script_index_state').addColumn('lease_holder', 'text').execute()
      await db.schema.alterTable('connection_index_state').addColumn('lease_holder', 'text').execute()
    },
  }
}
