import type { Endpoint } from './types'

export const zonesEndpoints: Endpoint[] = []
