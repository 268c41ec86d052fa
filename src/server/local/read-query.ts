import type { Context } from 'hono'
import { QueryError, type Fields, type ListQuery, type QueryOf } from '../../shared/lists/query'
import { jsonErrors } from '../envelope'

/**
 * A dashboard route's query read by its one declaration (src/shared/lists): unknown keys ignored, a
 * refused value a 400 (code 1001) whose error points at its key (`source.pointer: "/review"`).
 * `ignore`: keys this route accepts and does not read (a CSV export's page and per_page).
 */
export function readLocalQuery<F extends Fields>(c: Context, query: ListQuery<F>, ignore: readonly string[] = []): QueryOf<F> | Response {
  const params = new URL(c.req.url).searchParams
  for (const key of ignore) params.delete(key)
  try {
    return query.read(params)
  } catch (e) {
    if (e instanceof QueryError) return jsonErrors(400, [{ code: 1001, message: e.message, source: { pointer: `/${e.key}` } }])
    throw e
  }
}
