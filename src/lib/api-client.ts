import type { ZodType } from 'zod'
import { withAccount } from './account'
import {
  fillPath,
  type ApiRoute,
  type DeclaredPath,
  type LocalBodyIn,
  type LocalPath,
  type LocalResult,
  type LocalRoute,
  type ParamNames,
  type PathParams,
} from '@/shared/endpoints/routes'
import type { HttpMethod } from '@/shared/endpoints/types'
import type { ApiEnvelope, ResultInfo } from '@/shared/schemas/common'
import { noteWrite } from './audit-events'
import { onePage } from '@/shared/lists/result-info'

/** One error object from the API envelope. */
export interface ApiErrorItem {
  code: number
  message: string
  source?: { pointer: string }
}

/** A failed API call: the HTTP status and the envelope's errors (never empty). */
export class ApiRequestError extends Error {
  readonly status: number
  readonly errors: ApiErrorItem[]
  /** A 429's `retry-after`, in seconds (how long to wait before trying again). */
  readonly retryAfter?: number
  /** When the answer came (ms since the epoch): a retry-after counts from here. */
  readonly receivedAt = Date.now()
  constructor(status: number, errors: ApiErrorItem[], retryAfter?: number) {
    const list = errors.length ? errors : [{ code: status, message: `Request failed with HTTP ${status}.` }]
    super(list.map((e) => `${e.code}: ${e.message}`).join('; '))
    this.name = 'ApiRequestError'
    this.status = status
    this.errors = list
    if (retryAfter !== undefined) this.retryAfter = retryAfter
  }
}

/** The server's code when the API's rate budget makes a request wait (long work) or refuses a read. */
export const RATE_BUDGET_CODE = 10430

/** True when the dashboard's server refused a read because the team's API budget is nearly spent (10430). */
export const budgetRefusal = (err: unknown): err is ApiRequestError =>
  err instanceof ApiRequestError && err.status === 429 && err.errors.some((e) => e.code === RATE_BUDGET_CODE)

/** Seconds to wait before trying again, when the request was refused for the API's rate limit. */
export function rateLimitWait(err: unknown): number | undefined {
  if (!(err instanceof ApiRequestError) || err.status !== 429) return undefined
  if (!err.errors.some((e) => e.code === RATE_BUDGET_CODE || e.code === 971)) return undefined
  return Math.max(1, err.retryAfter ?? 5)
}

/** Code used when the dashboard's own server could not be reached at all. */
export const NETWORK_ERROR_CODE = 0

/** The server's code for a write the API did not answer in time: it may have been applied anyway. */
export const MAYBE_APPLIED_CODE = 10505

/** True for a failed write that may still have been applied upstream (re-read before retrying). */
export const mayHaveBeenApplied = (err: unknown) =>
  err instanceof ApiRequestError && err.errors.some((e) => e.code === MAYBE_APPLIED_CODE)

type Scalar = string | number | boolean
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>

/** Query string for list parameters: empty values are left out, arrays become repeated keys. */
export function buildQuery(params?: QueryParams): string {
  if (!params) return ''
  const usp = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    const values = Array.isArray(value) ? value : [value as Scalar]
    for (const v of values) usp.append(key, String(v))
  }
  const s = usp.toString()
  return s ? `?${s}` : ''
}

export interface RequestOptions<T> {
  params?: QueryParams
  /** Parses the result; a mismatch throws (the API answered something the dashboard does not understand). */
  schema?: ZodType<T>
  signal?: AbortSignal
  /**
   * Long work (a migration, a bulk change): the server lets it spend the API's rate budget only down
   * to the reserve kept for people's page reads, and answers 429 / 10430 with retry-after below it.
   */
  work?: boolean
  /** Called with the audit entry the server recorded for a successful write (`x-zonekeeper-audit-id`). */
  onAuditEntry?: (id: number) => void
  /** Acts in this account rather than the switcher's (a grant's zones are picked from its own account). */
  account?: string
}

declare const methods: unique symbol
/**
 * A filled path of a declared endpoint, marked with the methods the table declares for its template:
 * `api.get` takes only a path some GET is declared for. Made by `apiPath` (or a declared template
 * without `:params`, taken as it is).
 */
export type ApiPath<M extends HttpMethod> = string & { readonly [methods]: { [K in M]: true } }
type MethodsOf<P extends string> = Extract<ApiRoute, { path: P }>['method']
type Paramless<T extends string> = T extends `${string}:${string}` ? never : T
type PathFor<M extends HttpMethod> = ApiPath<M> | Paramless<DeclaredPath<M>>

/**
 * The path of a declared API endpoint: its template from the shared table
 * (`src/shared/endpoints/routes.ts`) with every `:param` given (URI-encoded). An undeclared
 * template, or a missing or unknown param, does not type-check.
 */
export const apiPath = <P extends ApiRoute['path']>(template: P, params: PathParams<P>): ApiPath<MethodsOf<P>> =>
  fillPath(template, params) as ApiPath<MethodsOf<P>>

type LocalMethodsOf<P extends string> = Extract<LocalRoute, { path: P }>['method']
export type LocalApiPath<M extends HttpMethod> = string & { readonly [methods]: { [K in M]: true }; readonly local: true }

/** The path of one of the dashboard's own endpoints (`LOCAL_ROUTES`), as `apiPath`. */
export const localPath = <P extends LocalRoute['path']>(template: P, params: PathParams<P>): LocalApiPath<LocalMethodsOf<P>> =>
  fillPath(template, params) as LocalApiPath<LocalMethodsOf<P>>

export interface ListResult<T> {
  result: T[]
  resultInfo: ResultInfo
  /**
   * Set when the server answered from what it keeps because the team's API budget is low
   * (`x-zonekeeper-shared: stale`, `Age`): when the list was read from the API (ms since the epoch).
   */
  asOf?: number
}

/** When a stale answer was read from the API (its `Age` before now), or undefined for a fresh one. */
export function staleAsOf(res: Response, now = Date.now()): number | undefined {
  if (res.headers.get('x-zonekeeper-shared') !== 'stale') return undefined
  const age = Number(res.headers.get('age'))
  return now - (Number.isFinite(age) && age > 0 ? age : 0) * 1000
}

const BASE = '/api/v4'
const WRITE_HEADER = { 'X-Zonekeeper-Request': '1' }

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && 'errors' in value
}

async function send(method: string, url: string, init: RequestInit): Promise<Response> {
  try {
    // Every request names the account it acts in (the switcher's; none: the default account).
    return await fetch(url, { ...init, headers: withAccount(init.headers), method, credentials: 'same-origin' })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiRequestError(0, [
      { code: NETWORK_ERROR_CODE, message: 'Could not reach the Zonekeeper server. Check that it is running and try again.' },
    ])
  }
}

/** Code the dashboard's server answers when sign-in is required and the session is missing or has ended. */
export const SIGN_IN_CODE = 10401

function redirectToSignIn(): void {
  if (typeof window === 'undefined') return
  const next = window.location.pathname + window.location.search
  window.location.assign(`/login?next=${encodeURIComponent(next)}`)
}

/** The body as text; a body cut off before its end becomes an ApiRequestError a person can read. */
async function readBody(res: Response): Promise<string> {
  try {
    return await res.text()
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    // A large answer is streamed; the server cuts it off when upstream fails or sends what it cannot check.
    throw new ApiRequestError(0, [
      {
        code: NETWORK_ERROR_CODE,
        message:
          'The answer was cut off before its end (the API connection failed or sent something the server would not pass on). Try again.',
      },
    ])
  }
}

async function readEnvelope(res: Response): Promise<ApiEnvelope<unknown>> {
  // Deletes the API answers with 204 carry no body (page-security policies, rulesets).
  if (res.status === 204) return { success: true, errors: [], messages: [], result: null }
  const text = await readBody(res)
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!isEnvelope(json)) {
    const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200)
    throw new ApiRequestError(res.status, [
      {
        code: res.status,
        message: snippet ? `Unexpected answer from the server: ${snippet}` : `Empty answer (HTTP ${res.status}).`,
      },
    ])
  }
  if (!res.ok || !json.success) {
    if (res.status === 401 && json.errors?.some((e) => e.code === SIGN_IN_CODE)) redirectToSignIn()
    const retry = res.status === 429 ? Number(res.headers.get('retry-after')) : NaN
    throw new ApiRequestError(res.status, json.errors ?? [], Number.isFinite(retry) && retry >= 0 ? retry : undefined)
  }
  return json
}

/** An answer read by its schema; a shape the dashboard does not understand is an ApiRequestError. */
export function parseAnswer<T>(value: unknown, schema?: ZodType<T>): T {
  if (!schema) return value as T
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new ApiRequestError(200, [
      {
        code: 1,
        message: `The API answered in a shape the dashboard does not understand: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
      },
    ])
  }
  return parsed.data
}

async function call<T>(method: string, path: string, body: unknown, opts: RequestOptions<T> = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  let payload: BodyInit | undefined
  if (method !== 'GET') Object.assign(headers, WRITE_HEADER)
  if (opts.work) headers['X-Zonekeeper-Work'] = '1'
  if (opts.account) headers['x-zonekeeper-account'] = opts.account
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const res = await send(method, BASE + path + buildQuery(opts.params), { headers, body: payload, signal: opts.signal })
  if (method !== 'GET') await noteWrite(method, path, res)
  const env = await readEnvelope(res)
  const entry = Number(res.headers.get('x-zonekeeper-audit-id'))
  if (opts.onAuditEntry && entry) opts.onAuditEntry(entry)
  return { ...env, asOf: staleAsOf(res) }
}

/**
 * The browser's only way to the API: `/api/v4/...` on the dashboard's own server. Paths come from
 * the shared endpoint table (`apiPath(template, params)`), so a call to an undeclared endpoint, or
 * with a method the table does not declare for it, does not type-check. Every call resolves to the
 * envelope's `result` or throws an `ApiRequestError`.
 */
export const api = {
  async get<T = unknown>(path: PathFor<'GET'>, opts?: RequestOptions<T>): Promise<T> {
    const env = await call('GET', path, undefined, opts)
    return parseAnswer(env.result, opts?.schema)
  },
  /**
   * One object and, when the server answered from what it keeps because the team's API budget is
   * low, when it was read from the API (`asOf`, as ListResult's).
   */
  async read<T = unknown>(path: PathFor<'GET'>, opts?: RequestOptions<T>): Promise<{ result: T; asOf?: number }> {
    const env = await call('GET', path, undefined, opts)
    const result = parseAnswer(env.result, opts?.schema)
    return env.asOf === undefined ? { result } : { result, asOf: env.asOf }
  },
  /** List endpoint: the page of results and `result_info` (paging totals). */
  async list<T = unknown>(path: PathFor<'GET'>, opts?: RequestOptions<T>): Promise<ListResult<T>> {
    const env = await call('GET', path, undefined, opts)
    const rows = Array.isArray(env.result) ? env.result : []
    const result = opts?.schema ? rows.map((r) => parseAnswer(r, opts.schema)) : (rows as T[])
    const resultInfo = env.result_info ?? onePage(result.length)
    return env.asOf === undefined ? { result, resultInfo } : { result, resultInfo, asOf: env.asOf }
  },
  async post<T = unknown>(path: PathFor<'POST'>, body?: unknown, opts?: RequestOptions<T>): Promise<T> {
    return parseAnswer((await call('POST', path, body, opts)).result, opts?.schema)
  },
  async put<T = unknown>(path: PathFor<'PUT'>, body?: unknown, opts?: RequestOptions<T>): Promise<T> {
    return parseAnswer((await call('PUT', path, body, opts)).result, opts?.schema)
  },
  async patch<T = unknown>(path: PathFor<'PATCH'>, body?: unknown, opts?: RequestOptions<T>): Promise<T> {
    return parseAnswer((await call('PATCH', path, body, opts)).result, opts?.schema)
  },
  async delete<T = unknown>(path: PathFor<'DELETE'>, opts?: RequestOptions<T>): Promise<T> {
    return parseAnswer((await call('DELETE', path, undefined, opts)).result, opts?.schema)
  },
  /** Plain-text download (e.g. a BIND export). Errors still arrive as JSON envelopes. */
  async text(path: PathFor<'GET'>, opts?: { params?: QueryParams; signal?: AbortSignal }): Promise<string> {
    const res = await send('GET', BASE + path + buildQuery(opts?.params), {
      headers: { Accept: 'text/plain' },
      signal: opts?.signal,
    })
    if (!res.ok) await readEnvelope(res)
    return readBody(res)
  },
}

/** Options of a call to one of the dashboard's own endpoints. */
interface LocalOptions {
  body?: unknown
  params?: QueryParams
  signal?: AbortSignal
  /** Extra request headers (e.g. the save a load-balancing migration step follows). */
  headers?: Record<string, string>
}

/**
 * The dashboard's own (non-API) endpoints, same envelope and errors as the API: `/api/sandbox/reset`
 * and the local store under `/api/local/...` (people, tokens, the page-security review ledger, the
 * audit log). Templates come from `LOCAL_ROUTES` of the endpoint table, checked like the API's.
 */
async function requestLocal<T>(method: HttpMethod, path: string, opts: LocalOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers }
  if (method !== 'GET') Object.assign(headers, WRITE_HEADER)
  const { body, signal } = opts
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await send(method, path + buildQuery(opts.params), {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  return (await readEnvelope(res)).result as T
}

/** A template's `:params`, required when it has some. */
type PathArg<P extends string> = [ParamNames<P>] extends [never] ? { path?: undefined } : { path: PathParams<P> }
/**
 * The body the route's entry declares: required when its schema needs one, optional when it takes
 * nothing; a route declaring none (its handler reads its own) takes any.
 */
type BodyArg<M extends HttpMethod, P extends string> = [LocalBodyIn<M, P>] extends [undefined]
  ? { body?: unknown }
  : undefined extends LocalBodyIn<M, P>
    ? { body?: LocalBodyIn<M, P> }
    : { body: LocalBodyIn<M, P> }
export type LocalCallOptions<M extends HttpMethod, P extends string> = PathArg<P> &
  BodyArg<M, P> & {
    params?: QueryParams
    signal?: AbortSignal
    /** Extra request headers (e.g. the save a load-balancing migration step follows). */
    headers?: Record<string, string>
  }
type OptionsArg<M extends HttpMethod, P extends string> =
  Record<never, never> extends LocalCallOptions<M, P> ? [opts?: LocalCallOptions<M, P>] : [opts: LocalCallOptions<M, P>]

/**
 * A call to one of the dashboard's own routes, keyed by its entry in the route table
 * (src/shared/endpoints/local.ts): method and template, the path's params, the body its `body`
 * schema takes and an answer of its `result`'s type, all from the table (types only: no schema is
 * shipped). `localCall('PATCH', '/api/local/people/:person_id', { path: { person_id }, body })`:
 * an undeclared route, a missing param or a body of the wrong shape does not compile.
 */
export function localCall<M extends HttpMethod, P extends LocalPath<M>>(
  method: M,
  template: P,
  ...[opts]: OptionsArg<M, P>
): Promise<LocalResult<M, P>> {
  const { path, ...rest } = (opts ?? {}) as LocalOptions & { path?: Record<string, string | number> }
  return requestLocal<LocalResult<M, P>>(method, fillPath(template, path ?? {}), rest)
}
