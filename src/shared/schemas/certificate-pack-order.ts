import { z } from 'zod'
import { lazySchema } from './lazy'

/** `POST /zones/:zone_id/ssl/certificate_packs/order`: an advanced certificate pack (the published schema's fields). */
export const CERTIFICATE_AUTHORITIES = ['google', 'lets_encrypt', 'ssl_com'] as const
export const VALIDATION_METHODS = ['txt', 'http', 'email'] as const
export const VALIDITY_DAYS = [14, 30, 90, 365] as const

export const certificatePackOrderSchema = lazySchema(() =>
  z.object({
    type: z.literal('advanced', { error: 'type must be advanced.' }),
    hosts: z
      .array(z.string().trim().toLowerCase().min(1, 'A host cannot be empty.'), {
        error: 'hosts is required: the names to cover.',
      })
      .min(1, 'Give at least one host.')
      .max(50, 'A pack covers at most 50 hosts.'),
    validation_method: z.enum(VALIDATION_METHODS, `validation_method must be one of ${VALIDATION_METHODS.join(', ')}.`),
    validity_days: z.union(
      VALIDITY_DAYS.map((d) => z.literal(d)),
      { error: `validity_days must be one of ${VALIDITY_DAYS.join(', ')}.` },
    ),
    certificate_authority: z.enum(
      CERTIFICATE_AUTHORITIES,
      `certificate_authority must be one of ${CERTIFICATE_AUTHORITIES.join(', ')}.`,
    ),
    cloudflare_branding: z.boolean().optional(),
  }),
)
