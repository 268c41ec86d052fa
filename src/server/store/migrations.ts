import { sql, type Kysely, type Migration } from 'kysely'
import { auditLogMigration } from './audit-migration'
import { auditChainMigration } from './audit-chain-migration'
import { checklistMigration, practiceSessionsMigration } from './practice-migration'
import { indexLeaseHolderMigration, scriptIndexMigration, scriptIndexProgressMigration } from './script-index-migration'
import { watchMigration } from './watch-migration'
import { budgetMigration, budgetRefreshMigration, budgetShareMigration } from './budget'
import { passkeysMigration } from './passkeys'
import { practiceCopiesMigration } from './practice-copies'
import { changeRequestLeaseMigration } from './change-request-lease'
import { changeRequestAccountMigration, changeRequestFilingMigration, changeRequestItemKindsMigration, changeRequestReviewEveryoneMigration, changeRequestsMigration, changeRequestsPracticeMigration } from './change-requests'
import { connectionLedgerMigration } from './connection-ledger-migration'
import { peopleEmailMigration } from './people-email-migration'
import { personGrantsMigration } from './person-grants'
import { pagePatternsMigration, pagePatternsOneInForceMigration } from './page-patterns'
import { credentialsMigration } from './credentials'
import { recordIndexAccountsMigration, recordIndexMigration, recordIndexReplaceMigration, recordIndexSearchKeyMigration } from './record-index'
import type { Dialect } from './dialect'

/**
 * Versioned migrations, applied in name order and recorded by Kysely's migrator. Never edit one that
 * has shipped: add the next. `dialect` lets a column type differ where the two databases differ.
 */
export type { Dialect }

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
    // The audit log takes '0010-…' so it sorts after 0003–0009 (0003 tokens, 0004 one-time passwords).
    '0010-audit-log': auditLogMigration(dialect),
    // The practice sandbox (0011–0013 are kept for it): the per-session switch, then newcomer checklist progress.
    '0011-practice-sessions': practiceSessionsMigration(),
    '0012-newcomer-checklist': checklistMigration(),
    // Single sign-on: a person from the provider is its issuer + subject, not a username.
    // Pending sign-ins now live in an encrypted cookie: the old rows (never swept) go.
    '0022-oidc-identity': {
      async up(db: AnyDb) {
        await db.schema.alterTable('people').addColumn('oidc_issuer', 'text').execute()
        await db.schema.alterTable('people').addColumn('oidc_subject', 'text').execute()
        await db.schema
          .createIndex('people_oidc_identity')
          .unique()
          .on('people')
          .columns(['oidc_issuer', 'oidc_subject'])
          .execute()
        await db.deleteFrom('settings').where('key', 'like', 'oidc:%').execute()
      },
    },
    // Audit trail: the tamper-evident chain, undo reservations, token prefix and object names.
    '0023-audit-chain': auditChainMigration(dialect),
    // Sign-in: leases of password checks in flight per account (the throttle's second half).
    '0022-signin-in-flight': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('sign_in_in_flight')
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('slot', 'integer', (c) => c.notNull())
          .addColumn('expires_at', bigint, (c) => c.notNull())
          .addPrimaryKeyConstraint('sign_in_in_flight_pk', ['key', 'slot'])
          .execute()
      },
    },
    // Sign-in: the client address of an audit entry (sign-in, sign-out, passwords, tokens).
    '0023-signin-audit-address': {
      async up(db: AnyDb) {
        await db.schema.alterTable('audit_log').addColumn('address', 'text').execute()
      },
    },
    // Sign-in: second factors (TOTP and recovery codes), and a session waiting for one.
    '0024-signin-two-factor': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('two_factor')
          .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_step', bigint, (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', bigint, (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('recovery_codes')
          .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('recovery_codes_pk', ['person_id', 'code_hash'])
          .execute()
        await db.schema.alterTable('sessions').addColumn('second_factor', 'text').execute()
      },
    },
    // The script watch (settings, channels, state, runs, findings, reads, deliveries, lease).
    'watch_0001-script-watch': watchMigration(dialect),
    // The zone's scripts, kept by the dashboard so review filters and counts cover all of them (0028: clear of other numbers).
    '0028-script-index': scriptIndexMigration(),
    // The API rate budget every instance shares, and calls per minute by area and person.
    'budget_0001-rate-budget': budgetMigration(),
    // Sign-in: passkeys (WebAuthn) as a second factor, and their one-time challenges.
    'passkeys_0001-webauthn': passkeysMigration(),
    // Practice on any instance, and its write rate: practice copies and their counters in the shared store.
    'practice_0001-shared-copies': practiceCopiesMigration(dialect),
    // Change requests (zones needing approval, people allowed to propose, requests and their items).
    'change-requests_0001-change-requests': changeRequestsMigration(dialect),
    // Verdicts on connections, and the index of a zone's connections they are joined with.
    'connection_0001-connection-ledger': connectionLedgerMigration(dialect),
    // The progress of a zone's first script index build ("Indexing scripts: 8,000 of 20,000").
    'connection_0002-script-index-progress': scriptIndexProgressMigration(),
    // Practice: a practice session's change requests, kept apart from live ones.
    'change-requests_0002-practice': changeRequestsPracticeMigration(),
    // Proposing policies too: what each change request item changes, and what its apply did.
    'change-requests_0002-item-kinds-propose': changeRequestItemKindsMigration(),
    // Stale-while-revalidate across instances: the lease of one refresh per stale kept answer.
    'budget_0002-refresh-leases': budgetRefreshMigration(),
    // Recover a request cut short: the lease of an apply or undo, what recovery found, each item's sent write.
    'change-requests_0003-lease-recovery': changeRequestLeaseMigration(),
    // Each person's share of the API's rate window, counted across instances.
    'budget_0003-person-shares': budgetShareMigration(),
    // The audit chain signed with a key held outside the database (see audit-chain.ts).
    'audit_0002-chain-key': {
      async up(db: AnyDb) {
        await db.schema.alterTable('audit_log').addColumn('mac', 'text').execute()
        await db.schema.alterTable('audit_chain').addColumn('keyed_from', 'integer').execute()
        await db.schema.alterTable('audit_chain').addColumn('mac', 'text').execute()
      },
    },
    // Writes on their way: recorded before they are sent, so one cut short by a crash still has its entry.
    'audit_0003-pending': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('audit_pending')
          .addColumn('request_id', 'text', (c) => c.primaryKey())
          .addColumn('at', bigint, (c) => c.notNull())
          .addColumn('instance', 'text', (c) => c.notNull())
          .addColumn('lease_until', bigint, (c) => c.notNull())
          .addColumn('entry', 'text', (c) => c.notNull())
          .addColumn('restore_point', 'text')
          .execute()
        await db.schema.createIndex('audit_pending_lease').on('audit_pending').column('lease_until').execute()
      },
    },
    // The account a change went through (hashed into the chain only when set: audit-chain.ts).
    'audit_0004-account': {
      async up(db: AnyDb) {
        await db.schema.alterTable('audit_log').addColumn('account', 'text').execute()
      },
    },
    // How many change requests each person filed in the current window (the filing limit).
    'change-requests_0004-filing-limit': changeRequestFilingMigration(),
    // Per zone: administrators' own changes need approval too ("review for everyone").
    'change-requests_0005-review-everyone': changeRequestReviewEveryoneMigration(),
    // A person's e-mail on the person (carried over from the change-request settings, where it was).
    'people_0001-email': peopleEmailMigration(),
    'people_0002-account-grants': personGrantsMigration(),
    // Who holds a script or connection index's refresh lease (only its holder ends or gives it back).
    'index_0001-lease-holders': indexLeaseHolderMigration(),
    // Page security: the zone's payment pages, and pattern verdicts (which one a ledger row was inherited from).
    'page-patterns_0001-payment-pages-and-pattern-verdicts': pagePatternsMigration(dialect),
    // One payment page and one pattern verdict in force per zone and pattern, kept by a unique index (duplicates folded first).
    'page-patterns_0002-one-in-force': pagePatternsOneInForceMigration(),
    // The credential vault: API credentials sealed with a key held outside the store (credentials.ts).
    'credentials_0001-vault': credentialsMigration(dialect),
    // The DNS record index across zones (one search over every zone; src/server/search).
    'record-index_0001-dns-record-index': recordIndexMigration(dialect),
    // A narrow index for the record search's exact counts of very common terms (SQLite; record-index.ts).
    'record-index_0002-search-key': recordIndexSearchKeyMigration(dialect),
    // Each account's zone list read through its own credential; the search key gains the account (record-index.ts).
    'record-index_0003-accounts': recordIndexAccountsMigration(dialect),
    // "Change them all": each zone's apply reserved in the store, one at a time across instances (search/zone-reservation.ts).
    'record-index_0004-replace-reservation': recordIndexReplaceMigration(),
    // The account each change request was filed in: it is seen, decided and applied there only.
    'change-requests_0006-account': changeRequestAccountMigration(),
  }
}
