import type { Generated } from 'kysely'

/**
 * One audit entry: a write through the dashboard (the API's or its own), successful or not. JSON
 * columns hold text (`before`, `after`, `errors`); times are milliseconds since the epoch.
 */
export interface AuditTable {
  id: Generated<number>
  at: number
  request_id: string
  /** Null for the local administrator (loopback, nobody defined yet). */
  person_id: string | null
  username: string
  person_name: string
  /** `live`, `sandbox` or `practice`. */
  mode: string
  zone_id: string | null
  zone_name: string | null
  /** dns, page-shield, log-fields, logpush, certificates, firewall, load-balancing, invites, people, reviews, sandbox. */
  area: string
  resource_type: string
  resource_id: string | null
  /** create, update, replace, delete, batch, import, reset, undo… */
  action: string
  method: string
  path: string
  /** `success`, `failure` (the API said no) or `refused` (the dashboard said no). */
  outcome: string
  status: number
  errors: string | null
  before: string | null
  after: string | null
  /** The entry this one undid. */
  undo_of: number | null
  /** The zone's BIND export saved just before a bulk delete or an import. */
  restore_point: string | null
  /** The object as a person knows it ("A shop.example.com", a policy's description…). */
  label: string | null
  /** The first characters of the personal API token the write came with (the /client/v4 door). */
  token_prefix: string | null
  /** The previous entry's hash, and this entry's: SHA-256 over it and every column (see audit-chain.ts). */
  prev_hash: string | null
  hash: string | null
  /** HMAC of `hash` with the audit key (null: written without it, or before it; audit_0002-chain-key). */
  mac: string | null
  /** The client's address (migration 0023-signin-audit-address); null for entries written before it. */
  address: string | null
  /** The account the change went through (its id; null: the deployment's default account, or before audit_0004-account). */
  account: string | null
}

/** The chain's one row (id 1): its newest entry, and the anchor where it starts after pruning. */
export interface AuditChainTable {
  id: number
  last_id: number
  hash: string
  anchor_id: number
  anchor_hash: string
  appends: number
  /** The first entry signed with the audit key (null: none yet); audit_0002-chain-key. */
  keyed_from: number | null
  /** HMAC of the head (see headMac) with the audit key. */
  mac: string | null
}

/** A retention pruning: entries up to `through_id` were removed; `hash` was the last one's. */
export interface AuditChainCheckpointsTable {
  id: Generated<number>
  at: number
  through_id: number
  hash: string
  removed: number
}

/** One row per undone entry: the primary key makes an undo happen once. */
export interface AuditUndoTable {
  entry_id: number
  at: number
  person_id: string | null
  username: string
  person_name: string
  /** `pending` while the undo's write is on its way, `done` once it succeeded. */
  state: string
  undo_entry_id: number | null
}

/**
 * A write on its way (audit_0003-pending): stored before it is sent, with everything its entry will
 * need that is known then (who, what, the before state, the restore point), and removed once the
 * entry is written. A row whose lease ran out belongs to an instance that stopped mid-write.
 */
export interface AuditPendingTable {
  request_id: string
  at: number
  instance: string
  lease_until: number
  /** The entry as known before the answer (JSON; no restore point). */
  entry: string
  restore_point: string | null
}
