import type { NotificationPolicy } from '../../../shared/schemas/alerting'

export const ALERTING_SCHEMA = `
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
