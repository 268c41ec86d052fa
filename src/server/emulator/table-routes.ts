import { Context, type ErrorHandler, type Handler, type Hono } from 'hono'
import type { Result } from 'hono/router'
import type { H, RouterRoute } from 'hono/types'
import { API_ENDPOINTS } from '../../shared/endpoints'
import type { ApiRoute } from '../../shared/endpoints/routes'
import type { HttpMethod } from '../../shared/endpoints/types'
import { CREDENTIAL_HEADER } from './estate/reach'
import { handOver } from './http'
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
 * Returns which module serves each endpoint of the table (src/server/conformance/endpoint-table.test.ts checks
 * that every one is served here, none by a module's `register`).
 */
export function registerModules(app: Hono, modules: readonly EmulatorModule[], ctx: EmulatorContext): Map<EndpointKey, string> {
  const table = tableOf(app)
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
      table.handlers.set(key, handler as Handler)
    }
  }
  return taken
}

/** What an emulator app keeps for calls straight to a handler of the table (see callTable). */
interface Table {
  handlers: Map<string, Handler>
  before?: (c: Context) => Promise<void> | void
  onError?: ErrorHandler
}
const tables = new WeakMap<Hono, Table>()
const tableOf = (app: Hono): Table => {
  let t = tables.get(app)
  if (!t) tables.set(app, (t = { handlers: new Map() }))
  return t
}

/**
 * The app's steps around every request, registered before its routes: `before` (the emulator's
 * waits for a reset or a worker) and its error answer. Kept too for calls straight to a handler.
 */
export function aroundRequests(app: Hono, { before, onError }: { before?: (c: Context) => Promise<void> | void; onError: ErrorHandler }): void {
  const t = tableOf(app)
  if (before) {
    t.before = before
    app.use('*', async (c, next) => {
      await before(c)
      await next()
    })
  }
  t.onError = onError
  app.onError(onError)
}

/** A request the dashboard's pipeline already matched to an endpoint of the table (and whose body it validated). */
export interface TableCall {
  method: string
  pathAndQuery: string
  contentType?: string
  body?: Uint8Array<ArrayBuffer>
  matched: { endpoint: { method: string; path: string; body?: unknown }; body?: { sent: unknown; valid: unknown } }
  /** The Bearer token it is made with (what it reaches, estate/reach.ts); absent: the dashboard's own. */
  credential?: string
}

/** The only headers a request carries into the emulator: its content type and its credential. */
export function emulatorHeaders(req: { contentType?: string; credential?: string }): Record<string, string> {
  const headers: Record<string, string> = {}
  if (req.contentType) headers['content-type'] = req.contentType
  if (req.credential) headers[CREDENTIAL_HEADER] = `Bearer ${req.credential}`
  return headers
}

const paramsOf = (pattern: string, path: string) => {
  const names = pattern.split('/')
  const values = path.split('/')
  const out: Record<string, string> = {}
  for (let i = 0; i < names.length; i++) if (names[i].startsWith(':')) out[names[i].slice(1)] = values[i] ?? ''
  return out
}

/**
 * Calls the handler of the request's endpoint directly, without routing it again (its parameters
 * are read off the path by the endpoint's pattern) and, when the pipeline validated its body, without
 * reading, parsing or validating that again (readJson and validate take it, see http.ts). The app's
 * waits and error answer apply as to any request (they are its only steps around requests: modules
 * register routes, never middleware). Undefined when no handler of the table serves it (the caller
 * then sends it through the app). pipeline.test.ts checks that each answers as routed through the app.
 */
export function callTable(app: Hono, req: TableCall): Promise<Response> | undefined {
  const table = tables.get(app)
  const { endpoint, body: handed } = req.matched
  const handler = table?.handlers.get(`${endpoint.method} ${endpoint.path}`)
  if (!table || !handler) return undefined
  const q = req.pathAndQuery.indexOf('?')
  const path = q < 0 ? req.pathAndQuery : req.pathAndQuery.slice(0, q)
  const request = new Request('http://localhost' + req.pathAndQuery, {
    method: req.method,
    headers: emulatorHeaders(req),
    body: handed || !req.body?.byteLength ? undefined : req.body,
  })
  if (handed) handOver(request, handed, endpoint.body)
  const route: RouterRoute = { basePath: '/', path: endpoint.path, method: endpoint.method, handler: handler as H }
  const matchResult: Result<[H, RouterRoute]> = [[[[handler as H, route], paramsOf(endpoint.path, path)]]]
  const c = new Context(request, { env: undefined, path, matchResult })
  const run = async () => {
    try {
      await table.before?.(c)
      const res = await handler(c, () => Promise.resolve())
      return res instanceof Response ? res : c.res
    } catch (err) {
      if (table.onError && err instanceof Error) return table.onError(err, c)
      throw err
    }
  }
  return run()
}
