import type { Context, Hono } from 'hono'
import { apiErrorsFromIssues } from '../shared/schemas/common'
import { oversizedStrings } from '../shared/string-limits'
import type { Endpoint } from './endpoints'
import { jsonError, jsonErrors, PROXY_CODES } from './envelope'
import { headerOf, rawTarget, splitTarget, WRITE_METHODS, writeRefusal } from './guard'
import { apiRequestOf, type Matched } from './pipeline'
import type { Forward } from './upstream'

export const API_DOOR = '/api/v4'

export interface ApiDoorOptions {
  /** Where accepted requests go: the upstream API (live) or the emulator (sandbox). */
  forward: Forward
}

const decoder = new TextDecoder()

/**
 * The browser's door, `/api/v4/<path>`: only allowlisted endpoints (matched once, by the guard in
 * app.ts), writes guarded against other sites and validated with the endpoint's shared schema before
 * anything is forwarded. The parsed body goes on the context (`zkBody`) for the steps that read it,
 * and on with the request (`matched`, with its endpoint), so that the sandbox neither routes nor
 * parses nor validates it again.
 */
export function registerApiDoor(app: Hono, { forward }: ApiDoorOptions): void {
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
    return forwardWrite(c, endpoint, method, path + query)
  })

  async function forwardWrite(c: Context, endpoint: Endpoint, method: string, pathAndQuery: string) {
    const body = new Uint8Array(await c.req.arrayBuffer())
    const matched: Matched = { endpoint }
    if (endpoint.body) {
      const text = body.byteLength ? decoder.decode(body) : ''
      let json: unknown = {}
      if (text.trim()) {
        try {
          json = JSON.parse(text)
        } catch {
          return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
        }
      }
      const tooLong = oversizedStrings(json)
      if (tooLong.length) return jsonErrors(400, tooLong)
      const parsed = endpoint.body.safeParse(json)
      if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, endpoint.validationCode ?? 1004))
      // As sent: null for an empty body (the audit's label and before-read take it so).
      c.set('zkBody', text.trim() ? json : null)
      matched.body = { sent: json, valid: parsed.data }
    }
    return forward({
      method,
      pathAndQuery,
      contentType: body.byteLength ? c.req.header('content-type') : undefined,
      accept: headerOf(c, 'accept'),
      body,
      matched,
    }, c)
  }
}
