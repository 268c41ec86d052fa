import type { input, output, ZodType } from 'zod'
import type { Fields, ListQuery, QueryOf } from '../lists/query'
import type { ApiTable } from './index'
import type { LOCAL_ROUTES } from './local'
import type { HttpMethod } from './types'

/*
 * The browser's view of the endpoint tables: types only. Every import above is `import type`, so
 * the browser types its calls from the one table (./index, with its zod schemas, and ./local)
 * without shipping either; at run time this file holds nothing but `fillPath`.
 */

/** One endpoint of the API table: its literal method, path and area (and schemas, as types). */
export type ApiRoute = ApiTable[number]
/** One of the dashboard's own routes (./local). */
export type LocalRoute = (typeof LOCAL_ROUTES)[number]

/** What an endpoint's `result` holds once parsed (`ApiResult<'GET', '/zones/:zone_id'>` is a zone). */
export type ApiResult<M extends HttpMethod, P extends DeclaredPath<M>> =
  Extract<ApiRoute, { method: M; path: P }> extends { result: infer S extends ZodType } ? output<S> : unknown

/** The path templates declared for a method (`DeclaredPath<'GET'>`). */
export type DeclaredPath<M extends HttpMethod> = Extract<ApiRoute, { method: M }>['path']
export type LocalPath<M extends HttpMethod> = Extract<LocalRoute, { method: M }>['path']

/** The entry of one local route (`LocalEntry<'PATCH', '/api/local/me'>`). */
export type LocalEntry<M extends HttpMethod, P extends string> = Extract<LocalRoute, { method: M; path: P }>
/** What the browser sends to a local route (its `body` schema's input); undefined when it declares none. */
export type LocalBodyIn<M extends HttpMethod, P extends string> =
  LocalEntry<M, P> extends { body: infer S extends ZodType } ? input<S> : undefined
/** What the handler of a local route reads (its `body` schema's output, validated before it runs). */
export type LocalBodyOut<M extends HttpMethod, P extends string> =
  LocalEntry<M, P> extends { body: infer S extends ZodType } ? output<S> : undefined
/** A local route's query as its handler reads it (its `query`'s values); never when it declares none. */
export type LocalQueryOf<M extends HttpMethod, P extends string> =
  LocalEntry<M, P> extends { query: ListQuery<infer F extends Fields> } ? QueryOf<F> : never
/** A local route's answer (its `result`); unknown when it declares none. */
export type LocalResult<M extends HttpMethod, P extends string> =
  LocalEntry<M, P> extends { result: infer S extends ZodType } ? output<S> : unknown

/** The names of a template's `:params`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never

/** The values a template needs: `{ zone_id: string }` for `/zones/:zone_id/dns_records`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number }

/** Fills a template's `:params` (each value URI-encoded, so an id can never add a path segment). */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${template}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}
