import type { Generated } from 'kysely'
import type { AuditChainCheckpointsTable, AuditChainTable, AuditPendingTable, AuditTable, AuditUndoTable } from './audit-schema'
import type { WatchTables } from './watch-schema'
import type { BudgetRefreshTable, BudgetShareTable, BudgetStateTable, BudgetUsageTable } from './budget'
import type { PasskeysTable, WebauthnChallengesTable } from './passkeys'
import type { PracticeCopiesTable, PracticeRateTable } from './practice-copies'
import type { ChangeRequestTables } from './change-requests'
import type { ConnectionLedgerTables } from './connection-ledger-schema'
import type { PagePatternTables } from './page-patterns'
import type { CredentialsTable } from './credentials'
import type { RecordIndexTables } from './record-index'
import type { PersonGrantsTable } from './person-grants'

/**
 * The tables of the dashboard's own store (never the API's data). Times are milliseconds since the
 * epoch (BIGINT on PostgreSQL, read back as numbers). The audit log gets its own table here.
 */
export interface StoreTables extends WatchTables, ChangeRequestTables, ConnectionLedgerTables, PagePatternTables, RecordIndexTables {
  people: PeopleTable
  person_grants: PersonGrantsTable
  sessions: SessionsTable
  sign_in_throttle: ThrottleTable
  sign_in_in_flight: InFlightTable
  two_factor: TwoFactorTable
  recovery_codes: RecoveryCodesTable
  passkeys: PasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  settings: SettingsTable
  script_reviews: ScriptReviewsTable
  api_tokens: ApiTokensTable
  audit_log: AuditTable
  audit_chain: AuditChainTable
  audit_chain_checkpoints: AuditChainCheckpointsTable
  audit_undo: AuditUndoTable
  audit_pending: AuditPendingTable
  checklist_progress: ChecklistProgressTable
  lb_migrations: LbMigrationsTable
  script_index: ScriptIndexTable
  script_index_state: ScriptIndexStateTable
  budget_state: BudgetStateTable
  budget_usage: BudgetUsageTable
  budget_refresh: BudgetRefreshTable
  budget_share: BudgetShareTable
  practice_copies: PracticeCopiesTable
  practice_rate: PracticeRateTable
  credentials: CredentialsTable
}

export interface LbMigrationsTable {
  account_id: string
  /** The migration's state as JSON (checked by the shared schema when written and read). */
  state: string
  updated_at: number
  /** Who saved it last (display name and username). */
  updated_by: string
}

export interface PeopleTable {
  id: string
  /** Lower-case, unique. */
  username: string
  display_name: string
  role: string
  /** `*` for all zones, else a JSON array of zone names. */
  zones: string
  /** `scrypt$…` hash, or null for people who sign in only through single sign-on. */
  password_hash: string | null
  /** 1 when the person may not sign in. */
  disabled: number
  /** 1 when the password was given out (one-time): it must be changed before anything else. */
  must_change_password: number
  created_at: number
  updated_at: number
  /** Single sign-on: the provider (issuer) and the person's `sub` there; both null, or both set and unique together (migration 0022). */
  oidc_issuer: string | null
  oidc_subject: string | null
  /** Where mail to the person goes (domain lower-cased), or null (migration people_0001). */
  email: string | null
  /** `admin`, `self` or `sso`: who gave the address; null with no address. */
  email_source: string | null
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the value itself is never stored. */
  id_hash: string
  /** Short public handle shown in the session list, so a session can be ended without its secret. */
  handle: string
  person_id: string
  created_at: number
  last_seen_at: number
  expires_at: number
  address: string
  user_agent: string
  /** 1 while this session works in its person's practice sandbox (live mode only; migration 0011). */
  practice: Generated<number>
  /** Single sign-on only: the provider's ID token, sent back as id_token_hint when signing out there. */
  id_token: string | null
  /** `pending`: the password was right, the second factor is still to come; `enrol`: one must be set up first (0024). */
  second_factor: string | null
}

/** A person's authenticator-app secret (migration 0024). */
export interface TwoFactorTable {
  person_id: string
  secret: string
  /** 0 while being set up (not yet confirmed with a code). */
  enabled: number
  /** The last TOTP time step used: a code is accepted once. */
  last_step: number
  created_at: number
}

/** One-time recovery codes, as SHA-256 (hex). */
export interface RecoveryCodesTable {
  person_id: string
  code_hash: string
}

export interface ThrottleTable {
  /** `address:<ip>`, `account:<username>` or `pair:<username>|<ip>`. */
  key: string
  /** Attempts counted (before each password check; a right password gives its attempt back). */
  failures: number
  last_failure_at: number
}

/** A password check in progress on an account (migration 0022): one row per place, a lease that expires. */
export interface InFlightTable {
  /** `account:<username>`. */
  key: string
  slot: number
  expires_at: number
}

export interface SettingsTable {
  key: string
  value: string
}

export interface ScriptReviewsTable {
  id: Generated<number>
  zone_id: string
  script_id: string
  verdict: string
  note: string
  reviewer: string
  reviewer_id: string | null
  reviewed_at: string
  script_url: string
  script_host: string
  script_hash: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
  /** Set when the verdict was inherited from a pattern verdict (page-patterns.ts): which one. */
  pattern_id?: number | null
  /** That pattern as written (patterns never change: kept with the row as evidence). */
  pattern?: string | null
}

export interface ApiTokensTable {
  id: string
  person_id: string
  name: string
  prefix: string
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string
  created_at: number
  last_used_at: number | null
}

/** The newcomer checklist (migration 0012): a row per task a person has done. */
export interface ChecklistProgressTable {
  /** The person's id, or `local` for the local administrator. */
  person_key: string
  task: string
  done_at: number
}

/** One detected script of a zone, as the API's list last gave it (`data`: its JSON). */
export interface ScriptIndexTable {
  /** `<mode>:<ledger key>`: sandbox or live, and a practising person's own key (practice/ledger.ts). */
  owner: string
  script_id: string
  url: string
  host: string
  status: string
  hash: string | null
  js_integrity_score: number | null
  /** 1 when threat feeds report its URL or domain. */
  reported: number
  first_seen_at: string
  last_seen_at: string
  /** Its page URLs in lower case, one a line (for the page filter). */
  page_urls: string
  data: string
  /** The full sweep that last saw it; rows older than a finished sweep are gone from the zone. */
  sweep: number
  /** When it was last read from the API (ms). */
  checked_at: number
}

export interface ScriptIndexStateTable {
  owner: string
  /** 0: never. */
  refreshed_at: number
  full_sweep_at: number
  sweep: number
  /** A refresh in progress holds the lease until then (ms); 0: free. */
  lease_until: number
  /** Which refresh holds it (`index_0001-lease-holders`; null: none yet). */
  lease_holder: string | null
  /** The first build's progress: scripts read so far, of how many the list holds (0 and 0: not started). */
  progress_seen: Generated<number>
  progress_total: Generated<number>
}
