import { z } from 'zod'
import { hexIdSchema } from './common'
import { WATCH_ACTIVITY_KINDS, WATCH_MAX_INTERVAL_MINUTES } from '../page-shield/watch'

export * from '../page-shield/watch'

/**
 * The script watch (PCI DSS 11.6.1): what an administrator sets per zone, the alert
 * channels, the sandbox's simulated activity, and the alerts as the dashboard lists them.
 */

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

export const watchActivityInputSchema = z.object({
  zone_id: hexIdSchema,
  kind: z.enum(WATCH_ACTIVITY_KINDS, { error: `kind must be one of ${WATCH_ACTIVITY_KINDS.join(', ')}.` }),
  /** The script to change (hash-change, score-drop, infrequent); default: one the sandbox picks. */
  script_id: hexIdSchema.optional(),
  /** The connection whose host threat feeds start or stop reporting (connection-reported); default: one the sandbox picks. */
  connection_id: hexIdSchema.optional(),
})
export type WatchActivityInput = z.infer<typeof watchActivityInputSchema>

