import Cloudflare from 'cloudflare'
import type { Hono } from 'hono'

/**
 * The official `cloudflare` SDK (api-notes §13) talking to an in-process sandbox app: its requests
 * to /client/v4/... reach `app` as the emulator's own paths, without a network or retries.
 */
export function sandboxSdkClient(app: Hono): Cloudflare {
  return new Cloudflare({
    apiToken: 'sandbox-token',
    baseURL: 'http://sandbox.test/client/v4',
    maxRetries: 0,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      return app.request(url.pathname.replace('/client/v4', '') + url.search, init)
    },
  })
}
