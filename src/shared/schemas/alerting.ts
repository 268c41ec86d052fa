import { z } from 'zod'
import { ALERT_TYPES } from '../alerting/alert-types'
import { hexIdSchema } from './common'
import { lazySchema } from './lazy'

export const LB_HEALTH_ALERT = 'load_balancing_health_alert'
/** Alert types the dashboard (and the sandbox) manage. */
export const notificationAlertTypes = [LB_HEALTH_ALERT, 'load_balancing_pool_enablement_alert'] as const

export const lbHealthStates = ['Healthy', 'Unhealthy'] as const
export const lbEventSources = ['pool', 'origin'] as const
export type LbHealthState = (typeof lbHealthStates)[number]
export type LbEventSource = (typeof lbEventSources)[number]

/** A webhook or PagerDuty destination, by its id (32 hexadecimal characters on the service; not checked further). */
const destinationId = lazySchema(() =>
  z.object({ id: z.string({ error: 'Give the destination id.' }).trim().min(1, 'Give the destination id.') }),
)

export const notificationMechanismsSchema = lazySchema(() =>
  z
    .object({
      email: z.array(z.object({ id: z.email('Must be an e-mail address.') })).optional(),
      webhooks: z.array(destinationId).optional(),
      pagerduty: z.array(destinationId).optional(),
    })
    .refine((m) => (m.email?.length ?? 0) + (m.webhooks?.length ?? 0) + (m.pagerduty?.length ?? 0) > 0, {
      message: 'Give at least one delivery mechanism (an e-mail address, a webhook or PagerDuty).',
    }),
)

const nonEmptyUnique = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1, `Choose at least one ${what}.`)
    .refine((a) => new Set(a).size === a.length, `Each ${what} may appear only once.`)

/** Filters of a `load_balancing_health_alert` (api-notes §9.2). */
export const lbHealthAlertFiltersSchema = lazySchema(() =>
  z.object({
    pool_id: nonEmptyUnique(hexIdSchema, 'pool'),
    new_health: nonEmptyUnique(z.enum(lbHealthStates, 'Must be Healthy or Unhealthy.'), 'health state'),
    event_source: nonEmptyUnique(z.enum(lbEventSources, 'Must be pool or origin.'), 'event source'),
  }),
)

/** Body of `POST /accounts/:account_id/alerting/v3/policies` (name, alert_type, enabled, mechanisms required). */
export const notificationPolicyInputSchema = lazySchema(() =>
  z
    .object({
      name: z.string({ error: 'name is required.' }).trim().min(1, 'Give the policy a name.').max(256, 'At most 256 characters.'),
      description: z.string().max(1024, 'At most 1024 characters.').optional(),
      alert_type: z.enum(
        ALERT_TYPES,
        'alert_type is not an alert type of the service (for example load_balancing_health_alert).',
      ),
      enabled: z.boolean({ error: 'enabled is required (true or false).' }),
      alert_interval: z.string().optional(),
      mechanisms: notificationMechanismsSchema,
      filters: z.record(z.string(), z.array(z.string())).optional(),
    })
    .superRefine((p, ctx) => {
      // Other alert types carry filters of their own, which the service checks per type.
      if (!(notificationAlertTypes as readonly string[]).includes(p.alert_type)) return
      if (p.alert_type !== LB_HEALTH_ALERT) {
        const pools = p.filters?.pool_id
        if (!pools || pools.length === 0)
          ctx.addIssue({ code: 'custom', message: 'Choose at least one pool.', path: ['filters', 'pool_id'] })
        return
      }
      const parsed = lbHealthAlertFiltersSchema.safeParse(p.filters ?? {})
      if (parsed.success) return
      for (const issue of parsed.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['filters', ...issue.path.map((k) => k as string | number)],
        })
      }
    }),
)
export type NotificationPolicyInput = z.infer<typeof notificationPolicyInputSchema>

export const notificationPolicySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    alert_type: z.string(),
    enabled: z.boolean(),
    alert_interval: z.string().optional(),
    mechanisms: z.object({
      email: z.array(z.object({ id: z.string() })).optional(),
      webhooks: z.array(z.object({ id: z.string() })).optional(),
      pagerduty: z.array(z.object({ id: z.string() })).optional(),
    }),
    filters: z.record(z.string(), z.array(z.string())).optional(),
    created: z.string().optional(),
    modified: z.string().optional(),
  }),
)
export type NotificationPolicy = z.infer<typeof notificationPolicySchema>

export const createdPolicySchema = lazySchema(() => z.object({ id: z.string() }))
