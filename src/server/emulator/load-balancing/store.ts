import type { Db } from '../module'
import type { Pool } from '../../../shared/schemas/load-balancing'
import type { NotificationPolicy } from '../../../shared/schemas/alerting'

export const LB_SCHEMA = `
  CREATE TABLE IF NOT EXISTS lb_pools (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    enabled INTEGER NOT NULL DEFAULT 1,
    minimum_origins INTEGER NOT NULL DEFAULT 1,
    monitor TEXT,
    origins TEXT NOT NULL,
    notification_email TEXT NOT NULL DEFAULT '',
    check_regions TEXT,
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS lb_pools_account_name ON lb_pools(account_id, name, id);
  CREATE TABLE IF NOT EXISTS alerting_policies (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT,
    alert_type TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    alert_interval TEXT,
    filters TEXT NOT NULL,
    mechanisms TEXT NOT NULL,
    created TEXT NOT NULL,
    modified TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS alerting_policies_account ON alerting_policies(account_id, created);
`

export interface PoolRow {
  id: string
  account_id: string
  name: string
  description: string
  enabled: number
  minimum_origins: number
  monitor: string | null
  origins: string
  notification_email: string
  check_regions: string | null
  created_on: string
  modified_on: string
}

/** Pools are always listed and cleared in ascending name order (id breaks ties). */
export const POOL_ORDER = 'ORDER BY name, id'

export function toPool(row: PoolRow): Pool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled === 1,
    minimum_origins: row.minimum_origins,
    monitor: row.monitor,
    origins: JSON.parse(row.origins) as Pool['origins'],
    notification_email: row.notification_email,
    check_regions: row.check_regions ? (JSON.parse(row.check_regions) as string[]) : null,
    created_on: row.created_on,
    modified_on: row.modified_on,
  }
}

export function poolWindow(db: Db, accountId: string, where: string, params: unknown[], limit: number, offset: number): PoolRow[] {
  return db
    .prepare(`SELECT * FROM lb_pools WHERE account_id = ? ${where} ${POOL_ORDER} LIMIT ? OFFSET ?`)
    .all(accountId, ...params, limit, offset) as PoolRow[]
}

export interface PolicyRow {
  id: string
  account_id: string
  name: string
  description: string | null
  alert_type: string
  enabled: number
  alert_interval: string | null
  filters: string
  mechanisms: string
  created: string
  modified: string
}

export function toPolicy(row: PolicyRow): NotificationPolicy {
  return {
    id: row.id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    alert_type: row.alert_type,
    enabled: row.enabled === 1,
    ...(row.alert_interval !== null ? { alert_interval: row.alert_interval } : {}),
    filters: JSON.parse(row.filters) as Record<string, string[]>,
    mechanisms: JSON.parse(row.mechanisms) as NotificationPolicy['mechanisms'],
    created: row.created,
    modified: row.modified,
  }
}
