import type { Context, Handler, Hono } from 'hono'
import { API_ENDPOINTS } from '../../shared/endpoints'
import type { ApiRoute } from '../../shared/endpoints/routes'
import type { HttpMethod } from '../../shared/endpoints/types'
import type { EmulatorContext, EmulatorModule } from './module'

/** An endpoint of the shared table, as `METHOD path` (`'POST /zones/:zone_id/dns_records'`). */
export type EndpointKey = `${ApiRoute['method']} ${ApiRoute['path']}`

/** The context of a handler of one of the table's paths: its `:params` are known (`c.req.param('zone_id')` is a string). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the emulator's app has no Env of its own
export type On<P extends string> = Context<any, P>

/** A module's handlers for endpoints of the table, by key: a key the table does not declare does not type-check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as On
export type TableHandlers = { [K in EndpointKey]?: Handler<any, K extends `${string} ${infer P}` ? P : never> }

/** The paths the table declares for a method. */
type TablePath<M extends HttpMethod> = Extract<ApiRoute, { method: M }>['path']
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as On
type TableRoute<M extends HttpMethod> = <P extends TablePath<M>>(path: P, handler: Handler<any, P>) => void

/**
 * Where a module puts its handlers of the table's endpoints, written as Hono's own calls
 * (`table.get('/zones/:zone_id', (c) => …)`) or as a map by `METHOD path` (`table.add({ 'GET /zones': list })`).
 * Only the table's paths for that method are accepted: a handler of an endpoint the table does not
 * declare does not type-check (those go to the module's `register`).
 */
export interface TableRouter {
  get: TableRoute<'GET'>
  post: TableRoute<'POST'>
  put: TableRoute<'PUT'>
  patch: TableRoute<'PATCH'>
  delete: TableRoute<'DELETE'>
  add: (handlers: TableHandlers) => void
}

/** Collects one module's handlers by `METHOD path`; the same endpoint handled twice is an error at start. */
function collectTableHandlers(module: string, define: (table: TableRouter) => void): Map<EndpointKey, Handler> {
  const found = new Map<EndpointKey, Handler>()
  const put = (key: EndpointKey, handler: Handler) => {
    if (found.has(key)) throw new Error(`The sandbox module ${module} handles ${key} twice.`)
    found.set(key, handler)
  }
  const on =
    (method: HttpMethod) =>
    (path: string, handler: Handler): void =>
      put(`${method} ${path}` as EndpointKey, handler)
  define({
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    patch: on('PATCH'),
    delete: on('DELETE'),
    add: (handlers) => {
      for (const [key, handler] of Object.entries(handlers)) put(key as EndpointKey, handler as Handler)
    },
  } as TableRouter)
  return found
}

const literals = (path: string) => path.split('/').filter((s) => s && !s.startsWith(':')).length

/**
 * Registers the sandbox's routes: for each module, first its routes outside the table (`register`:
 * the API's routes the dashboard does not use, which only API clients reach at /client/v4), then its
 * handler of each endpoint of the table (`handlers`), in the table's order with literal paths before
 * parameters (`/dns_records/export` before `/dns_records/:dns_record_id`). A handler for a path the
 * table does not declare cannot be written (see TableRouter); one declared twice is an error at start.
 * Returns which module serves each endpoint of the table (src/server/endpoint-table.test.ts checks
 * that every one is served here, none by a module's `register`).
 */
export function registerModules(app: Hono, modules: readonly EmulatorModule[], ctx: EmulatorContext): Map<EndpointKey, string> {
  const taken = new Map<EndpointKey, string>()
  const ordered = [...API_ENDPOINTS].sort((a, b) => literals(b.path) - literals(a.path))
  for (const m of modules) {
    m.register?.(app, ctx)
    if (!m.handlers) continue
    const handlers = collectTableHandlers(m.name, (table) => m.handlers?.(table, ctx))
    for (const e of ordered) {
      const key = `${e.method} ${e.path}` as EndpointKey
      const handler = handlers.get(key)
      if (!handler) continue
      const other = taken.get(key)
      if (other) throw new Error(`Two sandbox modules handle ${key}: ${other} and ${m.name}.`)
      taken.set(key, m.name)
      app.on(e.method, e.path, handler)
    }
  }
  return taken
}
