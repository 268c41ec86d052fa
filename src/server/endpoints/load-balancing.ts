import type { Endpoint } from './types'

export const loadBalancingEndpoints: Endpoint[] = []
