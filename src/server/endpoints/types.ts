import type { ZodType } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One endpoint of the real API that the dashboard uses. The proxy forwards only these
 * (live and sandbox alike) and validates write bodies with `body` before forwarding.
 * `path` uses `:name` for identifiers, relative to the API base: `/zones/:zone_id/dns_records`.
 */
export interface Endpoint {
  method: HttpMethod
  path: string
  /** Shared schema for the JSON body of a write. Omitted: no JSON body is validated. */
  body?: ZodType
  /** API error code for a validation failure when a rule does not carry its own. Default 1004. */
  validationCode?: number
}
