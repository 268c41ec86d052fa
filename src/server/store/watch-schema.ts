import type { Generated } from 'kysely'

/**
 * Script watch (PCI DSS 11.6.1): per-zone settings, alert channels, the last state seen of
 * each watched item, every check run, its findings, who read them, each delivery with its attempts,
 * and the scheduler's lease. Times are milliseconds since the epoch.
 */
export interface WatchTables {
  watch_zones: WatchZonesTable
  watch_channels: WatchChannelsTable
  watch_state: WatchStateTable
  watch_runs: WatchRunsTable
  watch_findings: WatchFindingsTable
  watch_reads: WatchReadsTable
  watch_deliveries: WatchDeliveriesTable
  watch_lease: WatchLeaseTable
}

export interface WatchZonesTable {
  zone_id: string
  zone_name: string
  /** Minutes between checks (60 by default, at most 10,080: a week). */
  interval_minutes: number
  /** 0: checks paused by an administrator (the report shows the gap). */
  enabled: number
  next_due_at: number
  last_run_at: number | null
  updated_at: number
  updated_by: string
}

export interface WatchChannelsTable {
  id: string
  zone_id: string
  /** `email` or `webhook`. */
  kind: string
  /** The e-mail address, or the webhook's http(s) URL. */
  target: string
  /** Webhook signing secret (shown once to the administrator); empty for e-mail. */
  secret: string
  created_at: number
  created_by: string
}

export interface WatchStateTable {
  zone_id: string
  /** `script`, `connection` (one row per host) or `policy`. */
  item_kind: string
  item_id: string
  /** JSON: what the last check saw of it. */
  seen: string
  updated_at: number
}

export interface WatchRunsTable {
  id: Generated<number>
  zone_id: string
  zone_name: string
  started_at: number
  finished_at: number | null
  /** The instance that ran it. */
  holder: string
  /** `ok`, `baseline` (the first check: what is there now is the starting point), `skipped` (monitoring off) or `failed`. */
  outcome: string
  scripts_seen: number
  connections_seen: number
  findings: number
  error: string | null
}

export interface WatchFindingsTable {
  id: Generated<number>
  zone_id: string
  run_id: number
  /** Same state, same key: a repeated check never alerts twice. */
  dedupe_key: string
  /** `script`, `connection` or `policy`. */
  item_kind: string
  item_id: string
  /** JSON array of change kinds: new, changed, removed, malicious, infrequent, connection, policy. */
  kinds: string
  title: string
  /** JSON: the alert's facts (url, pages, scores, verdict, changes in words, link path). */
  detail: string
  created_at: number
}

export interface WatchReadsTable {
  finding_id: number
  /** The person's id, or `local` for the local administrator. */
  person_key: string
  read_at: number
}

export interface WatchDeliveriesTable {
  id: Generated<number>
  finding_id: number
  channel_id: string
  /** Copied so the evidence survives a channel's removal. */
  channel_kind: string
  channel_target: string
  /** `pending`, `sent` or `failed` (gave up after the last attempt). */
  status: string
  attempts: number
  next_attempt_at: number
  last_error: string | null
  sent_at: number | null
  created_at: number
}

export interface WatchLeaseTable {
  name: string
  holder: string
  expires_at: number
}
