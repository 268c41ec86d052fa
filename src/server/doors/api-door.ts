import type { Hono } from 'hono'
import { maybeActor } from '../auth/actor'
import { jsonError, PROXY_CODES } from '../http/envelope'
import { headerOf, rawTarget, splitTarget, WRITE_METHODS, writeRefusal } from '../http/guard'
import { API_DOOR, apiRequestOf } from '../http/pipeline'
import { targetOf } from '../practice/target'
import type { Forward } from '../upstream'
import type { Writer } from '../write/command'

export { API_DOOR } from '../http/pipeline'

export interface ApiDoorOptions {
  /** Where reads go: the upstream API (live) or the emulator (sandbox). */
  forward: Forward
  /** What a write becomes: one write command (write/command.ts). */
  writer: Writer
}

/**
 * The browser's door, `/api/v4/<path>`: only allowlisted endpoints (matched once, by the guard in
 * app.ts). A read is forwarded with its endpoint (`matched`), so the sandbox does not route it again.
 * A write, once guarded against other sites, becomes one write command of the signed-in person's, to
 * the side of the practice switch the request is on: the command authorises, validates, records and
 * sends it (write/README.md); this door only reads it off the request.
 */
export function registerApiDoor(app: Hono, { forward, writer }: ApiDoorOptions): void {
  app.all(`${API_DOOR}/*`, (c) => {
    const method = c.req.method.toUpperCase()
    // One trailing slash is accepted (as the service does) and not sent on: `/zones/` goes as `/zones`.
    const api = apiRequestOf(c)
    const path = api?.door === API_DOOR ? api.path : ''
    const endpoint = api?.endpoint
    if (!endpoint) {
      return jsonError(
        404,
        PROXY_CODES.noRoute,
        `No route for that URI: the dashboard does not use ${method} ${path || splitTarget(rawTarget(c)).path}, so its server does not forward it.`,
      )
    }
    const query = api?.query ?? ''
    // A read goes straight on (not async: no promise of this step's own); a write is checked first.
    if (!WRITE_METHODS.has(method)) return forward({ method, pathAndQuery: path + query, accept: headerOf(c, 'accept'), matched: { endpoint } }, c)
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    return (async () => {
      const raw = new Uint8Array(await c.req.arrayBuffer())
      // From here the command records the write's entry (the recorder leaves it alone).
      c.set('zkWritten', true)
      return writer.run({
        actor: maybeActor(c),
        target: targetOf(c),
        door: API_DOOR,
        method,
        path,
        query,
        endpoint,
        body: { raw, contentType: c.req.header('content-type') },
        accept: headerOf(c, 'accept'),
        via: c,
      })
    })()
  })
}
