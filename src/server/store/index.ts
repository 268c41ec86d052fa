import { apiTokenStore } from './api-tokens'
import { auditStore } from './audit'
import { budgetStore } from './budget'
import { changeRequestStore } from './change-requests'
import { checklistStore } from './checklist'
import { connectionLedgerStore } from './connection-ledger'
import { storeLease, type LeaseSpec } from './lease'
import { createDb, dialectOf, migrateToLatest, type Db, type StoreLocation } from './db'
import { lbMigrationStore } from './lb-migrations'
import { peopleStore } from './people'
import { personGrantStore } from './person-grants'
import { practiceCopyStore } from './practice-copies'
import { reviewStore } from './reviews'
import { pagePatternStore } from './page-patterns'
import { scriptIndexStore } from './script-index'
import { recordIndexStore } from './record-index'
import { sessionStore, type SessionPolicy } from './sessions'
import { settingsStore } from './settings'
import { throttleStore } from './throttle'
import { watchStore } from './watch'
import { twoFactorStore } from './two-factor'
import { passkeyStore } from './passkeys'
import { credentialStore } from './credentials'

export type { StoreLocation } from './db'
export { STORE_FILE } from './db'
export { EVERY_ACCOUNT } from './person-grants'
export { ROLES, publicPerson, type Person, type PersonWithHash, type Role, type ZoneScope } from './people'
export type { SessionInfo, SessionPolicy } from './sessions'
export type { ReviewRow } from './reviews'
export type { PaymentPageRow, ScriptPatternRow } from './page-patterns'
export type { ScriptIndexQuery, ScriptIndexRow, ScriptIndexCounts } from './script-index'
export type { IndexedRecord, RecordFields, RecordSearch, ZoneFields } from './record-index'
export type { ConnectionIndexCounts, ConnectionIndexQuery, ConnectionIndexRow, ConnectionReviewRow } from './connection-ledger'
export type { ApiToken } from './api-tokens'
export { tokenPrefix } from './api-tokens'
export type { Passkey } from './passkeys'
export type { CredentialCheck, StoredCredential } from './credentials'
export { NO_KEY_MESSAGE, familyOf } from './credentials'
export type { SavedLbMigration } from './lb-migrations'
export type { BudgetFigure, ShareRow, UsageRow } from './budget'
export type { AuditEntry, AuditFilter, NewAuditEntry } from './audit'
export { BULK_CHARS } from './audit'
export type { UndoReservation } from './audit-undo'
export type { WatchChannel, WatchDelivery, WatchFinding, WatchRun, WatchZone } from './watch'

export interface StoreOptions extends StoreLocation {
  now?: () => number
  /** The audit key (AUDIT_CHAIN_KEY / AUDIT_CHAIN_KEY_FILE): signs and checks the audit chain. */
  auditKey?: string
  sessionPolicy?: SessionPolicy
  /** The vault's key (CREDENTIALS_KEY / CREDENTIALS_KEY_FILE): seals and opens stored API credentials; none: storing is refused. */
  credentialsKey?: Buffer
}

/** Migrations under way per SQLite folder in this process (see migrateOnce). */
const sqliteMigrations = new Map<string, Promise<unknown>>()

/**
 * Kysely takes no migration lock on SQLite and applies its DDL outside a transaction: two stores
 * opening one file at once (two instances in one process, as the multi-instance tests run them)
 * would both apply the same migrations and fail half-way. One store of a folder migrates at a time;
 * the next finds them applied. (PostgreSQL has Kysely's lock; instances in separate processes share
 * a store through PostgreSQL, not one SQLite file.)
 */
function migrateOnce(location: StoreLocation, migrate: () => Promise<void>): Promise<void> {
  if (location.databaseUrl || location.dataDir === ':memory:') return migrate()
  const before = sqliteMigrations.get(location.dataDir) ?? Promise.resolve()
  const mine = before.catch(() => {}).then(migrate)
  sqliteMigrations.set(location.dataDir, mine)
  const done = () => void (sqliteMigrations.get(location.dataDir) === mine && sqliteMigrations.delete(location.dataDir))
  mine.then(done, done)
  return mine
}

/**
 * The dashboard's own state (people, sessions, sign-in throttling, settings, the review ledger; the
 * audit log next) on SQLite in DATA_DIR or on PostgreSQL (DATABASE_URL). Features call these
 * functions, never SQL. Nothing is opened until first use; migrations run once, before the first query.
 */
export function createStore(options: StoreOptions) {
  const now = options.now ?? Date.now
  const kysely = createDb(options)
  let ready: Promise<Db> | undefined
  const db = () => (ready ??= migrateOnce(options, () => migrateToLatest(kysely, dialectOf(options))).then(() => kysely))
  return {
    dialect: dialectOf(options),
    /** The store's clock (StoreOptions.now, else Date.now): what sign-in throttling and sessions count time by. */
    now,
    /** Opens the store and applies pending migrations (also done lazily by every call). */
    open: async () => void (await db()),
    people: peopleStore(db, now, dialectOf(options)),
    /** Each person's role and zones per account (person-grants.ts). */
    grants: personGrantStore(db, now, dialectOf(options)),
    sessions: sessionStore(db, now, options.sessionPolicy),
    throttle: throttleStore(db, now),
    twoFactor: twoFactorStore(db, now),
    passkeys: passkeyStore(db, now),
    settings: settingsStore(db),
    reviews: reviewStore(db, now),
    pagePatterns: pagePatternStore(db, now),
    scriptIndex: scriptIndexStore(db, now),
    recordIndex: recordIndexStore(db, now, dialectOf(options)),
    connections: connectionLedgerStore(db),
    apiTokens: apiTokenStore(db, now),
    audit: auditStore(db, now, options.auditKey),
    checklist: checklistStore(db, now),
    lbMigrations: lbMigrationStore(db, now),
    watch: watchStore(db, now),
    budget: budgetStore(db, now),
    practiceCopies: practiceCopyStore(db, now),
    changeRequests: changeRequestStore(db, now),
    credentials: credentialStore(db, now, options.credentialsKey),
    /** The store's one lease over a table of a feature (lease.ts; README.md, "Leases"). */
    lease: (spec: LeaseSpec) => storeLease(db, now, spec),
    close: () => kysely.destroy(),
  }
}

export type Store = ReturnType<typeof createStore>
