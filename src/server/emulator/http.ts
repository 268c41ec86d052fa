import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodType } from 'zod'
import { apiErrorsFromIssues, type ApiMessage, type ResultInfo } from '../../shared/schemas/common'
import { ApiError, badRequest } from './api-error'
import { oversizedStrings } from '../../shared/string-limits'

// The API's errors live apart (list-engine throws them too, without the rest of this file).
export { ApiError, badRequest, notFound } from './api-error'

export function envelope<T>(result: T, resultInfo?: ResultInfo) {
  return { result, success: true, errors: [], messages: [], ...(resultInfo ? { result_info: resultInfo } : {}) }
}

export function errorEnvelope(errors: ApiMessage[]) {
  return { result: null, success: false, errors, messages: [] }
}

export function ok<T>(c: Context, result: T, resultInfo?: ResultInfo, status: ContentfulStatusCode = 200) {
  return c.json(envelope(result, resultInfo), status)
}

/**
 * Bodies the dashboard's request pipeline already parsed and validated (its API door, with the same
 * checks as readJson and the endpoint's schema), handed over with a call straight to a handler of
 * the table (table-routes.ts): by request, the JSON as sent; by that JSON, the schema's output.
 */
const handed = new WeakMap<Request, unknown>()
const validated = new WeakMap<object, { schema: unknown; data: unknown }>()

export function handOver(request: Request, body: { sent: unknown; valid: unknown }, schema: unknown): void {
  handed.set(request, body.sent)
  if (body.sent !== null && typeof body.sent === 'object') validated.set(body.sent, { schema, data: body.valid })
}

/**
 * Reads a JSON body; a malformed one is a 400 with the API's code 6007. An empty body reads as {}.
 * A string longer than any field allows is a 400 here, whatever the endpoint (STRING_FIELD_MAX).
 * A body the pipeline handed over (see handOver) is taken as it is.
 */
export async function readJson(c: Context): Promise<unknown> {
  if (handed.has(c.req.raw)) return handed.get(c.req.raw)
  const text = await c.req.text()
  if (!text.trim()) return {}
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw badRequest(6007, 'Malformed JSON in request body.')
  }
  const tooLong = oversizedStrings(json)
  if (tooLong.length) throw new ApiError(400, tooLong)
  return json
}

/** Validates input with a shared schema; failures become one API error per bad field. */
export function validate<T>(schema: ZodType<T>, input: unknown, defaultCode = 1004): T {
  // Handed over already validated with this very schema: its output, once (a second call checks again).
  const known = input !== null && typeof input === 'object' ? validated.get(input) : undefined
  if (known && known.schema === schema) {
    validated.delete(input as object)
    return known.data as T
  }
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  throw new ApiError(400, apiErrorsFromIssues(parsed.error.issues, defaultCode))
}

// Paging lives with the list engine; re-exported here for the handlers that import it from http.
export { clampPerPage } from './list-engine'

/** All values of a query parameter: repeated keys and comma lists both count. */
export function queryList(c: Context, key: string): string[] {
  const values = c.req.queries(key) ?? []
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
}

/** A boolean query parameter ("true"/"false"); anything else is a 400. */
export function queryBool(c: Context, key: string): boolean | undefined {
  const v = c.req.query(key)
  if (v === undefined || v === '') return undefined
  if (v === 'true') return true
  if (v === 'false') return false
  throw badRequest(1001, `${key} must be true or false.`, `/${key}`)
}

