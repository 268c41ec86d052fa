import type { Context } from 'hono'
import type { z } from 'zod'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import { jsonError, jsonErrors, PROXY_CODES } from '../envelope'

const declared = new Map((LOCAL_ROUTES as readonly LocalRouteEntry[]).filter((r) => r.body).map((r) => [`${r.method} ${r.path}`, r.body]))

/**
 * A dashboard route's JSON body read by the schema its entry in the route table declares
 * (src/shared/endpoints/local.ts `body`): not JSON is a 400 (code 6007), a refused value a 400
 * (code 1004) whose errors point at their fields, as the API door answers. The handler names the
 * schema it expects so its types follow; a schema other than the table's is a programming error.
 * Called where the handler reads its body, after its own checks of role and path, so the order of
 * refusals stays what callers see.
 */
export async function readLocalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S> | Response> {
  const key = `${c.req.method} ${c.req.routePath}`
  if (declared.get(key) !== schema) throw new Error(`${key} reads a body by a schema its route entry does not declare.`)
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
  }
  const parsed = schema.safeParse(body)
  return parsed.success ? parsed.data : jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
}
