import type { ZodType } from 'zod'
import type { AuditAction, AuditArea } from '../lists/audit'

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

/** What the audit log says about a write of this endpoint (src/server/audit/describe.ts reads it). */
export interface AuditDescription {
  /** The type of object the write changes, as audit entries name it (`dns_record`). */
  type: string
  /** What it does; default from the method (POST create, PUT and PATCH update, DELETE delete). A function reads the parsed body. */
  action?: AuditAction | ((body: unknown) => AuditAction)
  /** The audit log's area, when it is not the endpoint's (log jobs are `logpush`). */
  area?: AuditArea
}

/**
 * One endpoint of the API that the dashboard uses, declared once. `path` uses `:name` for
 * identifiers, relative to the API base (`/zones/:zone_id/dns_records`). The server's allowlist and
 * body checks, the role matrix (area + writes), the audit log (`audit`), the sandbox's routes and
 * the conformance tests all read this table; the browser takes its types (never its values).
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
  /** Writes: what the audit entry says (its type, action and area). */
  audit?: AuditDescription
}

/** One entry as an area's file writes it: `area` and `writes` are added by `declare`. */
export type EndpointEntry = Omit<Endpoint, 'writes' | 'area'>

/**
 * Declares the endpoints of one area: `writes` comes from the method. Method and path keep their
 * literal types, so the browser's calls are typed from this same table (see ./routes).
 */
export const declare = <const A extends ApiArea, const L extends readonly EndpointEntry[]>(area: A, list: L) =>
  list.map((e) => ({ ...e, area, writes: e.method !== 'GET' })) as unknown as { [K in keyof L]: L[K] & { area: A; writes: boolean } }
