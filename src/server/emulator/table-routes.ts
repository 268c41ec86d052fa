import type { Context, Handler, Hono } from 'hono'
import { API_ENDPOINTS } from '../../shared/endpoints'
import type { ApiRoute } from '../../shared/endpoints/routes'
import type { EmulatorContext, EmulatorModule } from './module'

/** An endpoint of the shared table, as `METHOD path` (`'POST /zones/:zone_id/dns_records'`). */
export type EndpointKey = `${ApiRoute['method']} ${ApiRoute['path']}`

/** The context of a handler of one of the table's paths: its `:params` are known (`c.req.param('zone_id')` is a string). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the emulator's app has no Env of its own
export type On<P extends string> = Context<any, P>

/** A module's handlers for endpoints of the table, by key: a key the table does not declare does not type-check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as On
export type TableHandlers = { [K in EndpointKey]?: Handler<any, K extends `${string} ${infer P}` ? P : never> }

const literals = (path: string) => path.split('/').filter((s) => s && !s.startsWith(':')).length

/**
 * Registers the sandbox's routes from the endpoint table: for each module, first its own extra
 * routes (`register`: the API's routes the dashboard does not use, which only API clients reach at
 * /client/v4), then its handler of each endpoint of the table, literal paths before parameters
 * (`/dns_records/export` before `/dns_records/:dns_record_id`). A handler for a path the table does
 * not declare cannot be written (see EndpointKey); one declared twice is an error at start.
 */
export function registerModules(app: Hono, modules: readonly EmulatorModule[], ctx: EmulatorContext): void {
  const taken = new Set<string>()
  const ordered = [...API_ENDPOINTS].sort((a, b) => literals(b.path) - literals(a.path))
  for (const m of modules) {
    m.register?.(app, ctx)
    const handlers = m.handlers?.(ctx)
    if (!handlers) continue
    for (const e of ordered) {
      const key = `${e.method} ${e.path}` as EndpointKey
      const handler = handlers[key]
      if (!handler) continue
      if (taken.has(key)) throw new Error(`Two sandbox modules handle ${key}.`)
      taken.add(key)
      app.on(e.method, e.path, handler)
    }
  }
}
