import { z } from 'zod'
import { hexIdSchema } from './common'
import { WATCH_ACTIVITY_KINDS, WATCH_CHANGE_KINDS, WATCH_MAX_INTERVAL_MINUTES } from '../page-shield/watch'
import { lazySchema } from './lazy'

export * from '../page-shield/watch'

/**
 * The script watch (PCI DSS 11.6.1): what an administrator sets per zone, the alert
 * channels, the sandbox's simulated activity, and the alerts as the dashboard lists them.
 */

export const watchSettingsInputSchema = lazySchema(() =>
  z.object({
    interval_minutes: z
      .number({ error: 'interval_minutes must be a number of minutes.' })
      .int('interval_minutes must be a whole number of minutes.')
      .min(1, 'Check at most once a minute: interval_minutes is at least 1.')
      .max(
        WATCH_MAX_INTERVAL_MINUTES,
        'PCI DSS 11.6.1 asks for a check at least once every seven days: interval_minutes is at most 10080.',
      ),
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
  }),
)
export type WatchSettingsInput = z.infer<typeof watchSettingsInputSchema>

const httpUrl = lazySchema(() =>
  z
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
    }, 'The webhook URL must be an http:// or https:// address, without a user name or password in it.'),
)

export const watchChannelInputSchema = lazySchema(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('email'),
        target: z
          .email({ error: 'Give one e-mail address, such as security@example.com.' })
          .max(254, 'The address is at most 254 characters.'),
      }),
      z.object({ kind: z.literal('webhook'), target: httpUrl }),
    ],
    { error: 'kind must be "email" or "webhook".' },
  ),
)
export type WatchChannelInput = z.infer<typeof watchChannelInputSchema>

export const watchActivityInputSchema = lazySchema(() =>
  z.object({
    zone_id: hexIdSchema,
    kind: z.enum(WATCH_ACTIVITY_KINDS, { error: `kind must be one of ${WATCH_ACTIVITY_KINDS.join(', ')}.` }),
    /** The script to change (hash-change, score-drop, infrequent); default: one the sandbox picks. */
    script_id: hexIdSchema.optional(),
    /** The connection whose host threat feeds start or stop reporting (connection-reported); default: one the sandbox picks. */
    connection_id: hexIdSchema.optional(),
  }),
)
export type WatchActivityInput = z.infer<typeof watchActivityInputSchema>

/*
 * The answers' schemas (views the server builds and the browser reads): the types are derived from
 * them (src/shared/page-shield/watch.ts re-exports the types for pages that load no zod), and
 * src/server/local/results.test.ts parses every GET answer with its route's schema.
 */

export const watchScoresSchema = lazySchema(() =>
  z.object({
    js_integrity_score: z.number().nullable(),
    malware_score: z.number().nullable(),
    magecart_score: z.number().nullable(),
    cryptomining_score: z.number().nullable(),
  }),
)
export type WatchScores = z.infer<typeof watchScoresSchema>

/** What an alert says (kept with the finding, so the evidence shows what people were told). */
export const watchAlertDetailSchema = lazySchema(() =>
  z.object({
    zone_name: z.string(),
    url: z.string(),
    host: z.string(),
    pages: z.array(z.string()),
    scores: watchScoresSchema.nullable(),
    hash: z.string().nullable(),
    previous_hash: z.string().nullable(),
    /** The verdict the script had before this change, or null when never reviewed. */
    verdict: z.object({ verdict: z.string(), note: z.string(), reviewer: z.string(), reviewed_at: z.string() }).nullable(),
    /** False when the change means the verdict no longer counts until someone reviews it again. */
    verdict_counts: z.boolean(),
    /** What changed, in plain words, one sentence each. */
    changes: z.array(z.string()),
    /** The dashboard page to review it on (a path; messages add the dashboard's address). */
    link: z.string(),
  }),
)
export type WatchAlertDetail = z.infer<typeof watchAlertDetailSchema>

export const watchDeliverySummarySchema = lazySchema(() =>
  z.object({
    channel_kind: z.string(),
    channel_target: z.string(),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    sent_at: z.number().nullable(),
  }),
)
export type WatchDeliverySummary = z.infer<typeof watchDeliverySummarySchema>

export const watchAlertSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    zone_id: z.string(),
    created_at: z.number(),
    item_kind: z.enum(['script', 'connection', 'policy']),
    item_id: z.string(),
    kinds: z.array(z.enum(WATCH_CHANGE_KINDS)),
    title: z.string(),
    detail: watchAlertDetailSchema,
    /** When the person asking read it; null while unread. */
    read_at: z.number().nullable(),
    deliveries: z.array(watchDeliverySummarySchema),
  }),
)
export type WatchAlert = z.infer<typeof watchAlertSchema>

export const watchRunEntrySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    started_at: z.number(),
    finished_at: z.number().nullable(),
    outcome: z.string(),
    scripts_seen: z.number().int(),
    connections_seen: z.number().int(),
    findings: z.number().int(),
    error: z.string().nullable(),
  }),
)
export type WatchRunEntry = z.infer<typeof watchRunEntrySchema>

export const watchChannelEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(['email', 'webhook']),
    /** Administrators: the address as set. Everyone else: a webhook's URL without its user name, password, query and token-like path parts. */
    target: z.string(),
    created_at: z.number(),
    created_by: z.string(),
  }),
)
export type WatchChannelEntry = z.infer<typeof watchChannelEntrySchema>

/** A channel just made: a webhook's signing secret is shown this once. */
export const watchChannelCreatedSchema = lazySchema(() => watchChannelEntrySchema.extend({ secret: z.string().optional() }))

export const watchSettingsSchema = lazySchema(() =>
  z.object({
    zone_id: z.string(),
    interval_minutes: z.number().int(),
    enabled: z.boolean(),
    next_due_at: z.number().nullable(),
    last_run_at: z.number().nullable(),
    /** Whether the server has SMTP_URL (e-mail channels cannot deliver without it). */
    email_configured: z.boolean(),
    /** The last check (running, or finished with its outcome), or null before the first. */
    last_check: z
      .object({ started_at: z.number(), finished_at: z.number().nullable(), outcome: z.string(), error: z.string().nullable() })
      .nullable(),
    /** The last change of the schedule or the channels, and who made it; null while nobody changed anything. */
    last_change: z.object({ at: z.number(), by: z.string(), what: z.string() }).nullable(),
  }),
)
export type WatchSettings = z.infer<typeof watchSettingsSchema>

/** The answer to "Send a test" when the channel took the message (otherwise a 502 says why). */
export const watchChannelTestResultSchema = lazySchema(() =>
  z.object({ channel_id: z.string(), delivered: z.literal(true), at: z.number() }),
)
export type WatchChannelTestResult = z.infer<typeof watchChannelTestResultSchema>
