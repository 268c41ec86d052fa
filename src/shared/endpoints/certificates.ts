import { z } from 'zod'
import { certificatePackSchema } from '../schemas/certificate-pack'
import { declare } from './types'

/** Certificate packs are read only in the dashboard. */
export const certificatesEndpoints = declare('certificates', [
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs', result: z.array(certificatePackSchema) },
  { method: 'GET', path: '/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', result: certificatePackSchema },
])
