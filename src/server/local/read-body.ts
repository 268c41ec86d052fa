import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import type { LocalBodyOut, LocalPath, LocalQueryOf } from '../../shared/endpoints/routes'
import type { HttpMethod } from '../../shared/endpoints/types'
import { QueryError } from '../../shared/lists/query'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import { jsonError, jsonErrors, PROXY_CODES } from '../http/envelope'
import { writeRefusal } from '../http/guard'

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's body as its local route entry's schema parsed it (set by `validateLocalRequests`). */
    zkLocalBody: { route: string; value: unknown }
    /** The request's query as its local route entry's query read it. */
    zkLocalQuery: { route: string; value: unknown }
  }
}

const keyOf = (method: string, path: string) => `${method} ${path}`

/**
 * A request's JSON body read by a schema: not JSON is a 400 (code 6007), a refused value a 400
 * (code 1004) whose errors point at their fields, as the API door answers. No body at all is
 * "nothing" when the schema takes nothing (a write that reads no body), else not JSON.
 */
export async function parseBody(c: Context, schema: z.ZodType): Promise<{ value: unknown } | Response> {
  const text = await c.req.text()
  let body: unknown
  if (text === '') {
    if (!(await schema.safeParseAsync(undefined)).success) return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
  } else {
    try {
      body = JSON.parse(text)
    } catch {
      return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
    }
  }
  const parsed = await schema.safeParseAsync(body)
  return parsed.success ? { value: parsed.data } : jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
}

const entries = new Map((LOCAL_ROUTES as readonly LocalRouteEntry[]).map((r) => [keyOf(r.method, r.path), r]))

/**
 * The check of one local route of the table (src/shared/endpoints/local.ts): reads the body (or the
 * query) by the schema its entry declares and puts the parsed value on the context for the handler
 * (`localBody`, `localQuery`); a refusal is answered here. Outside /api/local (the sandbox's
 * buttons) it also applies the app's write guard first, so the header is checked before the body.
 */
export function checkLocalRequest<M extends HttpMethod>(method: M, path: LocalPath<M>): MiddlewareHandler {
  const route = keyOf(method, path)
  const r = entries.get(route)
  if (!r) throw new Error(`${route} is not a route of the local route table.`)
  const { body, query } = r
  const guarded = !path.startsWith('/api/local/') && method !== 'GET'
  return async (c, next) => {
    const refusal = guarded ? writeRefusal(c) : undefined
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    if (query) {
      try {
        c.set('zkLocalQuery', { route, value: query.read(new URL(c.req.url).searchParams) })
      } catch (e) {
        if (e instanceof QueryError) return jsonErrors(400, [{ code: 1001, message: e.message, source: { pointer: `/${e.key}` } }])
        throw e
      }
    }
    if (body) {
      const read = await parseBody(c, body)
      if (read instanceof Response) return read
      c.set('zkLocalBody', { route, value: read.value })
    }
    await next()
  }
}

/**
 * The local router's one check of what a request sends: for every route of the table that declares
 * a body or a query, `checkLocalRequest` registered on its method and path before its handler, so no
 * handler parses its own body or answers "Malformed JSON" itself. Runs after the app's shared steps
 * (session, roles, the write guard) and before the handler's own checks (a zone it does not know, a
 * person not found). Call before the handlers are registered: a step added after its handler would
 * never run (the sandbox's reset, registered earlier by the sandbox door, names its check itself).
 */
export function validateLocalRequests(app: Hono): void {
  for (const r of entries.values()) if (r.body || r.query) app.on(r.method, r.path, checkLocalRequest(r.method, r.path as never))
}

function taken(c: Context, slot: 'zkLocalBody' | 'zkLocalQuery', route: string): unknown {
  const got = c.get(slot)
  // A handler asking for another route's body, or one its entry does not declare, is a programming error.
  if (!got || got.route !== route) throw new Error(`${route} reads a ${slot === 'zkLocalBody' ? 'body' : 'query'} its route entry does not declare.`)
  return got.value
}

/** The body of this request, validated by its route entry's schema before the handler ran. */
export const localBody = <M extends HttpMethod, P extends LocalPath<M>>(c: Context, method: M, path: P): LocalBodyOut<M, P> =>
  taken(c, 'zkLocalBody', keyOf(method, path)) as LocalBodyOut<M, P>

/** The query of this request, read by its route entry's query before the handler ran. */
export const localQuery = <M extends HttpMethod, P extends LocalPath<M>>(c: Context, method: M, path: P): LocalQueryOf<M, P> =>
  taken(c, 'zkLocalQuery', keyOf(method, path)) as LocalQueryOf<M, P>
