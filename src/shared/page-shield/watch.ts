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
  /** Administrators: the address as set. Everyone else: a webhook's URL without its user name, password, query and token-like path parts. */
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
  /** The last check (running, or finished with its outcome), or null before the first. */
  last_check: { started_at: number; finished_at: number | null; outcome: string; error: string | null } | null
  /** The last change of the schedule or the channels, and who made it; null while nobody changed anything. */
  last_change: { at: number; by: string; what: string } | null
}

/** The answer to "Send a test" when the channel took the message (otherwise a 502 says why). */
export interface WatchChannelTestResult {
  channel_id: string
  delivered: true
  at: number
}

/** How long a person waits between two tests of one channel. */
export const WATCH_TEST_EVERY_MS = 30_000

/** The schedule in words, and whether it meets PCI DSS 11.6.1's "at least weekly". */
export function watchScheduleWords(s: Pick<WatchSettings, 'interval_minutes' | 'enabled'>): { every: string; weekly: boolean } {
  const m = s.interval_minutes
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const every =
    m === 1
      ? 'every minute'
      : m % 10_080 === 0
        ? m === 10_080 ? 'once a week' : `every ${unit(m / 10_080, 'week')}`
        : m % 1440 === 0
          ? m === 1440 ? 'once a day' : `every ${unit(m / 1440, 'day')}`
          : m % 60 === 0
            ? m === 60 ? 'every hour' : `every ${unit(m / 60, 'hour')}`
            : m > 60
              ? `every ${unit(Math.floor(m / 60), 'hour')} ${unit(m % 60, 'minute')}`
              : `every ${unit(m, 'minute')}`
  return { every, weekly: s.enabled && m <= WATCH_MAX_INTERVAL_MINUTES }
}
