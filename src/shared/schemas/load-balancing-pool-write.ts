import { z } from 'zod'
import { lazySchema } from './lazy'

/** A pool as a client writes it (create / replace); edit takes any subset. Unknown fields are tolerated. */
export const poolOriginInputSchema = lazySchema(() =>
  z.object({
    name: z.string({ error: 'Each origin needs a name.' }).trim().min(1, 'Each origin needs a name.'),
    address: z
      .string({ error: 'Each origin needs an address.' })
      .trim()
      .min(1, 'Each origin needs an address (an IP or a host name).'),
    enabled: z.boolean().optional(),
    weight: z.number().min(0).max(1).optional(),
    port: z.number().int().min(0).max(65535).optional(),
  }),
)

export const poolInputSchema = lazySchema(() =>
  z.object({
    name: z.string({ error: 'name is required.' }).trim().min(1, 'Give the pool a name.').max(255),
    origins: z
      .array(poolOriginInputSchema, { error: 'origins is required: at least one origin.' })
      .min(1, 'Give at least one origin.'),
    description: z.string().max(1024).optional(),
    enabled: z.boolean().optional(),
    minimum_origins: z.number().int().min(0).optional(),
    monitor: z.string().nullable().optional(),
    notification_email: z.string().optional(),
    check_regions: z.array(z.string()).nullable().optional(),
  }),
)

export const poolEditSchema = lazySchema(() => poolInputSchema.partial())
export type PoolEdit = z.infer<typeof poolEditSchema>
