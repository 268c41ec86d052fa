import type { Db } from '../module'
import type { Pool } from '../../../shared/schemas/load-balancing'

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
