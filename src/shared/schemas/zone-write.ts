import { z } from 'zod'
import { isHostname } from '../dns/names'
import { ZONE_TYPES } from '../lists/zones'
import { lazySchema } from './lazy'

/**
 * Zone writes (the SDK's zones.create / edit): `POST /zones` with the domain and its account,
 * `PATCH /zones/:zone_id` with `paused`, `type` or `vanity_name_servers` (one per request on the service).
 */
export const zoneCreateSchema = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'name is required: the domain, such as example.com.' })
      .trim()
      .toLowerCase()
      .max(253, 'A domain is at most 253 characters.')
      .refine((n) => isHostname(n) && n.includes('.'), 'Give a registrable domain, such as example.com.'),
    account: z.object(
      { id: z.string({ error: 'account.id is required.' }).min(1, 'account.id is required.') },
      { error: 'account.id is required.' },
    ),
    type: z.enum(ZONE_TYPES, `type must be one of ${ZONE_TYPES.join(', ')}.`).optional(),
  }),
)

export const zoneEditSchema = lazySchema(() =>
  z.object({
    paused: z.boolean({ error: 'paused must be true or false.' }).optional(),
    type: z.enum(ZONE_TYPES, `type must be one of ${ZONE_TYPES.join(', ')}.`).optional(),
    vanity_name_servers: z.array(z.string().refine(isHostname, 'Each name server must be a host name.')).optional(),
    plan: z.object({ id: z.string() }).optional(),
  }),
)
