import { z } from 'zod'
import { zoneSchema, zonesSearchSchema } from '../schemas/zone'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Zones are read in the dashboard: the list (with filters) and one zone. */
export const zonesEndpoints = declare('zones', [
  { method: 'GET', path: '/zones', query: zonesSearchSchema, result: lazySchema(() => z.array(zoneSchema)) },
  { method: 'GET', path: '/zones/:zone_id', result: zoneSchema },
])
