import type { ZodType } from 'zod'
import type { DeclaredPath } from './routes'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The dashboard's areas; each endpoint belongs to one (role checks and the docs group by it). */
export const API_AREAS = [
  'zones',
  'dns',
  'certificates',
  'page-shield',
  'log-fields',
  'firewall',
  'load-balancing',
  'alerting',
  'invites',
  'user',
] as const
export type ApiArea = (typeof API_AREAS)[number]

/**
 * One endpoint of the API that the dashboard uses, declared once. `path` uses `:name` for
 * identifiers, relative to the API base (`/zones/:zone_id/dns_records`). The server's allowlist and
 * body checks, the role matrix (area + writes) and the conformance tests all read this table.
 */
export interface Endpoint {
  method: HttpMethod
  path: string
  area: ApiArea
  /** True for POST, PUT, PATCH and DELETE: the request changes something. */
  writes: boolean
  /** Query parameters, as the API reads them (declared; the sandbox checks them). */
  query?: ZodType
  /** Shared schema for the JSON body of a write; the server checks it before forwarding. */
  body?: ZodType
  /** API error code for a body that fails `body` when a rule does not carry its own. Default 1004. */
  validationCode?: number
  /** Shape of the envelope's `result` on success (the conformance test checks answers against it). */
  result?: ZodType
}

/**
 * One entry of an area's table: its method and path must be a route of `API_ROUTES` (./routes),
 * the zod-free list the browser types its calls from; the schemas are attached here.
 */
type Declared = {
  [M in HttpMethod]: Omit<Endpoint, 'writes' | 'area' | 'method' | 'path'> & { method: M; path: DeclaredPath<M> }
}[HttpMethod]

/** Declares the endpoints of one area: `writes` comes from the method. */
export const declare = (area: ApiArea, list: Declared[]): Endpoint[] =>
  list.map((e) => ({ ...e, area, writes: e.method !== 'GET' }))
