import type { Endpoint } from './types'

export const dnsEndpoints: Endpoint[] = []
