import type { Endpoint } from './types'

export const logFieldsEndpoints: Endpoint[] = []
