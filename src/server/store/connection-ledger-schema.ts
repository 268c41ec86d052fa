import type { Generated } from 'kysely'

/**
 * The review ledger of connections (append-only, like script_reviews) and the
 * dashboard's index of a zone's connections, so "needs review" and "changed since review" cover the
 * whole zone. Times are milliseconds since the epoch except `reviewed_at` (ISO, as for scripts).
 */
export interface ConnectionReviewsTable {
  id: Generated<number>
  /** The ledger's zone key (a practice ledger has its own, see practice/ledger.ts). */
  zone_id: string
  connection_id: string
  verdict: string
  note: string
  /** The signed-in person (display name and username), never typed. */
  reviewer: string
  reviewer_id: string | null
  reviewed_at: string
  /** The connection as the API described it when it was reviewed (read by the server, not sent by the form). */
  connection_url: string
  connection_host: string
  connection_status: string | null
  url_reported_malicious: number
  domain_reported_malicious: number
  /** JSON arrays of the threat feeds' categories. */
  malicious_url_categories: string
  malicious_domain_categories: string
  /** shared/page-shield/connection-review.ts threatFingerprint: a different one now is "changed since review". */
  threat: string
}

export interface ConnectionIndexTable {
  /** Mode, zone and practising person (as script_index.owner). */
  owner: string
  connection_id: string
  url: string
  /** Lower case. */
  host: string
  status: string
  /** 1 when threat feeds report the URL or its domain. */
  reported: number
  threat: string
  first_seen_at: string
  last_seen_at: string
  /** The connection as the API returned it (JSON). */
  data: string
  sweep: number
}

export interface ConnectionIndexStateTable {
  owner: string
  refreshed_at: number
  sweep: number
  /** A refresh in progress holds the lease until then (ms); 0: free. */
  lease_until: number
  /** Which refresh holds it (`index_0001-lease-holders`; null: none yet). */
  lease_holder: string | null
}

export interface ConnectionLedgerTables {
  connection_reviews: ConnectionReviewsTable
  connection_index: ConnectionIndexTable
  connection_index_state: ConnectionIndexStateTable
}
