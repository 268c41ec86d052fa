import { z } from 'zod'
import { certificatePackSchema } from '../schemas/certificate-pack'
import { certificatePackEditSchema } from '../schemas/certificate-pack-edit'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Certificate packs: read, and restart validation of an advanced pack. */
export const certificatesEndpoints = declare('certificates', [
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs', result: lazySchema(() => z.array(certificatePackSchema)) },
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', result: certificatePackSchema },
  // Restart validation (a pack whose validation timed out) or set Cloudflare branding.
  {
    method: 'PATCH',
    path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id',
    body: certificatePackEditSchema,
    result: certificatePackSchema,
    audit: { type: 'certificate_pack' },
  },
])
