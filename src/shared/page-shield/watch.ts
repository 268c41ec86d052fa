/**
 * The script watch's constants and shapes, without zod: pages that only show alerts or
 * offer the sandbox's activity button import these and keep the schemas out of their first load.
 */

/** PCI DSS 11.6.1: at least once every seven days. */
export const WATCH_MAX_INTERVAL_MINUTES = 7 * 24 * 60

export const WATCH_ACTIVITY_KINDS = ['new-script', 'malicious-script', 'hash-change', 'score-drop', 'infrequent', 'connection-reported'] as const
export type WatchActivityKind = (typeof WATCH_ACTIVITY_KINDS)[number]
export const WATCH_ACTIVITY_LABEL: Record<WatchActivityKind, string> = {
  'new-script': 'A new script appears',
  'malicious-script': 'A new malicious script appears',
  'hash-change': "A reviewed script's code changes",
  'score-drop': "A script's integrity score drops below 10",
  infrequent: 'A script is now seen only infrequently',
  'connection-reported': "Threat feeds start (or stop) reporting a connection's host",
}

export const WATCH_CHANGE_KINDS = ['new', 'changed', 'removed', 'malicious', 'infrequent', 'connection', 'policy'] as const
export type WatchChangeKind = (typeof WATCH_CHANGE_KINDS)[number]

export interface WatchScores {
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
}

/** What an alert says (kept with the finding, so the evidence shows what people were told). */
export interface WatchAlertDetail {
  zone_name: string
  url: string
  host: string
  pages: string[]
  scores: WatchScores | null
  hash: string | null
  previous_hash: string | null
  /** The verdict the script had before this change, or null when never reviewed. */
  verdict: { verdict: string; note: string; reviewer: string; reviewed_at: string } | null
  /** False when the change means the verdict no longer counts until someone reviews it again. */
  verdict_counts: boolean
  /** What changed, in plain words, one sentence each. */
  changes: string[]
  /** The dashboard page to review it on (a path; messages add the dashboard's address). */
  link: string
}

export interface WatchDeliverySummary {
  channel_kind: string
  channel_target: string
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  last_error: string | null
  sent_at: number | null
}

export interface WatchAlert {
  id: number
  zone_id: string
  created_at: number
  item_kind: 'script' | 'connection' | 'policy'
  item_id: string
  kinds: WatchChangeKind[]
  title: string
  detail: WatchAlertDetail
  /** When the person asking read it; null while unread. */
  read_at: number | null
  deliveries: WatchDeliverySummary[]
}

export interface WatchRunEntry {
  id: number
  started_at: number
  finished_at: number | null
  outcome: string
  scripts_seen: number
  connections_seen: number
  findings: number
  error: string | null
}

export interface WatchChannelEntry {
  id: string
  kind: 'email' | 'webhook'
  target: string
  created_at: number
  created_by: string
}

export interface WatchSettings {
  zone_id: string
  interval_minutes: number
  enabled: boolean
  next_due_at: number | null
  last_run_at: number | null
  /** Whether the server has SMTP_URL (e-mail channels cannot deliver without it). */
  email_configured: boolean
}
