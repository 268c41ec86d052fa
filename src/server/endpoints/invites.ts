import type { Endpoint } from './types'

export const invitesEndpoints: Endpoint[] = []
