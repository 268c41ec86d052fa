import { sql, type Kysely, type Migration } from 'kysely'
import { auditLogMigration } from './audit-migration'
import { checklistMigration, practiceSessionsMigration } from './practice-migration'
import { budgetMigration } from './budget'

/**
 * Versioned migrations, applied in name order and recorded by Kysely's migrator. Never edit one that
 * has shipped: add the next. `dialect` lets a column type differ where the two databases differ.
 */
export type Dialect = 'sqlite' | 'postgres'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

export function migrations(dialect: Dialect): Record<string, Migration> {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    '0001-review-ledger': {
      // IF NOT EXISTS: stores created before migrations already hold this table and its rows.
      async up(db: AnyDb) {
        await db.schema
          .createTable('script_reviews')
          .ifNotExists()
          .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('zone_id', 'text', (c) => c.notNull())
          .addColumn('script_id', 'text', (c) => c.notNull())
          .addColumn('verdict', 'text', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('reviewer', 'text', (c) => c.notNull())
          .addColumn('reviewed_at', 'text', (c) => c.notNull())
          .addColumn('script_url', 'text', (c) => c.notNull())
          .addColumn('script_host', 'text', (c) => c.notNull())
          .addColumn('script_hash', 'text')
          .addColumn('js_integrity_score', 'integer')
          .addColumn('malware_score', 'integer')
          .addColumn('magecart_score', 'integer')
          .addColumn('cryptomining_score', 'integer')
          .execute()
        await db.schema
          .createIndex('script_reviews_script')
          .ifNotExists()
          .on('script_reviews')
          .columns(['zone_id', 'script_id', 'id'])
          .execute()
      },
    },
    '0002-people-and-sessions': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('people')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('zones', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', bigint, (c) => c.notNull())
          .addColumn('updated_at', bigint, (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('sessions')
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('handle', 'text', (c) => c.notNull().unique())
          .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
          .addColumn('created_at', bigint, (c) => c.notNull())
          .addColumn('last_seen_at', bigint, (c) => c.notNull())
          .addColumn('expires_at', bigint, (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('user_agent', 'text', (c) => c.notNull())
          .execute()
        await db.schema.createIndex('sessions_person').on('sessions').column('person_id').execute()
        await db.schema
          .createTable('sign_in_throttle')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('last_failure_at', bigint, (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute()
        await db.schema.alterTable('script_reviews').addColumn('reviewer_id', 'text').execute()
      },
    },
    '0003-api-tokens': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('api_tokens')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('prefix', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', bigint, (c) => c.notNull())
          .addColumn('last_used_at', bigint)
          .execute()
        await db.schema.createIndex('api_tokens_person').on('api_tokens').column('person_id').execute()
      },
    },
    '0004-one-time-passwords': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('people')
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      },
    },
    '0005-lb-migrations': {
      // The load-balancing e-mail migration of each account (was kept in the browser's localStorage).
      async up(db: AnyDb) {
        await db.schema
          .createTable('lb_migrations')
          .addColumn('account_id', 'text', (c) => c.primaryKey())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('updated_at', bigint, (c) => c.notNull())
          .addColumn('updated_by', 'text', (c) => c.notNull())
          .execute()
      },
    },
    '0006-session-id-token': {
      // The provider's ID token of a single sign-on session: sign-out hands it back (RP-initiated logout).
      async up(db: AnyDb) {
        await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute()
      },
    },
    // Issue 12 (audit log) takes '0010-…' so it sorts after issue 11's 0003–0009 (0003 tokens, 0004 one-time passwords).
    '0010-audit-log': auditLogMigration(dialect),
    // Issue 12's practice sandbox (0011–0013 are issue 12's): the per-session switch, then newcomer checklist progress.
    '0011-practice-sessions': practiceSessionsMigration(),
    '0012-newcomer-checklist': checklistMigration(),
    // Issue 24: the API rate budget every instance shares, and calls per minute by area and person.
    'budget_0001-rate-budget': budgetMigration(),
  }
}
