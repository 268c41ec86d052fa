import { z } from 'zod'
import { QueryError, type Fields, type ListQuery, type QueryOf } from '../lists/query'
import { lazySchema } from './lazy'

const scalar = lazySchema(() => z.union([z.string(), z.number(), z.boolean()]))

/**
 * A list's query (declared once in src/shared/lists) as a zod schema, for the endpoint table and
 * whoever holds the query as an object (a repeated key's values as a list): it reads exactly as the
 * sandbox reads the query string, and a value the service refuses is an issue at its key.
 */
export function querySchema<F extends Fields>(query: ListQuery<F>) {
  return z.record(z.string(), z.union([scalar, z.array(scalar)]).optional()).transform((raw, ctx): QueryOf<F> => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(raw)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v))
    }
    try {
      return query.read(params)
    } catch (e) {
      if (!(e instanceof QueryError)) throw e
      ctx.addIssue({ code: 'custom', message: e.message, path: [e.key] })
      return z.NEVER
    }
  })
}
