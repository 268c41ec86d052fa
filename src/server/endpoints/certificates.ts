import type { Endpoint } from './types'

export const certificatesEndpoints: Endpoint[] = []
