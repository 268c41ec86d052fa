import type { Endpoint } from './types'

/** Certificate packs are read only in the dashboard. */
export const certificatesEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs' },
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id' },
]
