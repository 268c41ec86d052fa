import { z } from 'zod'
import { hexIdSchema } from './common'

/**
 * The script watch (issue 26, PCI DSS 11.6.1): what an administrator sets per zone, the alert
 * channels, the sandbox's simulated activity, and the alerts as the dashboard lists them.
 */

/** PCI DSS 11.6.1: at least once every seven days. */
export const WATCH_MAX_INTERVAL_MINUTES = 7 * 24 * 60
export const WATCH_DEFAULT_INTERVAL_MINUTES = 60

export const watchSettingsInputSchema = z.object({
  interval_minutes: z
    .number({ error: 'interval_minutes must be a number of minutes.' })
    .int('interval_minutes must be a whole number of minutes.')
    .min(1, 'Check at most once a minute: interval_minutes is at least 1.')
    .max(WATCH_MAX_INTERVAL_MINUTES, 'PCI DSS 11.6.1 asks for a check at least once every seven days: interval_minutes is at most 10080.'),
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
})
export type WatchSettingsInput = z.infer<typeof watchSettingsInputSchema>

const httpUrl = z
  .string()
  .trim()
  .max(2048, 'The webhook URL is at most 2048 characters.')
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password
    } catch {
      return false
    }
  }, 'The webhook URL must be an http:// or https:// address, without a user name or password in it.')

export const watchChannelInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('email'),
      target: z.email({ error: 'Give one e-mail address, such as security@example.com.' }).max(254, 'The address is at most 254 characters.'),
    }),
    z.object({ kind: z.literal('webhook'), target: httpUrl }),
  ],
  { error: 'kind must be "email" or "webhook".' },
)
export type WatchChannelInput = z.infer<typeof watchChannelInputSchema>

export const WATCH_ACTIVITY_KINDS = ['new-script', 'malicious-script', 'hash-change', 'score-drop', 'infrequent'] as const
export type WatchActivityKind = (typeof WATCH_ACTIVITY_KINDS)[number]
export const WATCH_ACTIVITY_LABEL: Record<WatchActivityKind, string> = {
  'new-script': 'A new script appears',
  'malicious-script': 'A new malicious script appears',
  'hash-change': "A reviewed script's code changes",
  'score-drop': "A script's integrity score drops below 10",
  infrequent: 'A script is now seen only infrequently',
}

export const watchActivityInputSchema = z.object({
  zone_id: hexIdSchema,
  kind: z.enum(WATCH_ACTIVITY_KINDS, { error: `kind must be one of ${WATCH_ACTIVITY_KINDS.join(', ')}.` }),
  /** The script to change (hash-change, score-drop, infrequent); default: one the sandbox picks. */
  script_id: hexIdSchema.optional(),
})
export type WatchActivityInput = z.infer<typeof watchActivityInputSchema>

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
