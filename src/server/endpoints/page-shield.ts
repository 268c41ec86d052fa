import type { Endpoint } from './types'

export const pageShieldEndpoints: Endpoint[] = []
