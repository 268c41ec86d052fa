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
  /** The client's address (migration 0023); null for entries written before it. */
  address: string | null
}
