import type { Endpoint } from './types'

/** Zones are read in the dashboard: the list (with filters) and one zone. */
export const zonesEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones' },
  { method: 'GET', path: '/zones/:zone_id' },
]
