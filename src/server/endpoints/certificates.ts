import { certificatePackEditSchema } from '../../shared/schemas/certificate-pack-edit'
import type { Endpoint } from './types'

/** Certificate packs: read, and restart validation of an advanced pack. */
export const certificatesEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs' },
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id' },
  // Restart validation (a pack whose validation timed out) or set Cloudflare branding.
  { method: 'PATCH', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', body: certificatePackEditSchema },
]
