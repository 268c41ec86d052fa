import type { Endpoint } from './types'

export const firewallEndpoints: Endpoint[] = []
