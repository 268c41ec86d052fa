import { Hono, type Context } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { apiErrorsFromIssues } from '../shared/schemas/common'
import type { ServerConfig } from './config'
import type { Emulator } from './emulator'
import { errorEnvelope } from './emulator/http'
import { isMethod, matchEndpoint } from './endpoints'
import { forwardUpstream } from './upstream'

export interface AppOptions {
  config: ServerConfig
  /** Present in sandbox mode. */
  emulator?: Emulator
  /** Built SPA to serve; omitted in unit tests. */
  staticDir?: string
  fetchImpl?: typeof fetch
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const fail = (c: Context, status: 400 | 401 | 403 | 404, code: number, message: string) =>
  c.json(errorEnvelope([{ code, message }]), status)

/** Origin of the dashboard itself, as the browser sees it (Host header of this request). */
function sameOrigin(c: Context): boolean {
  const origin = c.req.header('origin')
  if (!origin) return true
  const host = c.req.header('host')
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

export function createApp({ config, emulator, staticDir, fetchImpl }: AppOptions): Hono {
  const app = new Hono()

  app.get('/healthz', (c) => c.json({ ok: true, mode: config.mode }))

  /** Sends one API request to the emulator (sandbox) or upstream (live). */
  const dispatch = async (method: string, pathAndQuery: string, headers: Headers, body: ArrayBuffer | undefined) => {
    if (emulator) {
      const h = new Headers()
      const ct = headers.get('content-type')
      if (ct) h.set('content-type', ct)
      return emulator.app.request(pathAndQuery, { method, headers: h, body: body && body.byteLength ? body : undefined })
    }
    return forwardUpstream(
      { baseUrl: config.apiBaseUrl, credential: config.credential!, timeoutMs: config.upstreamTimeoutMs, fetchImpl },
      method,
      pathAndQuery,
      headers,
      body,
    )
  }

  // The browser's door: allowlisted endpoints only, writes guarded and validated.
  app.all('/api/v4/*', async (c) => {
    const url = new URL(c.req.url)
    const rawPath = url.pathname.slice('/api/v4'.length) || '/'
    const method = c.req.method.toUpperCase()
    const endpoint = isMethod(method) ? matchEndpoint(method, rawPath) : undefined
    if (!endpoint) return fail(c, 404, 7000, `The dashboard does not use ${method} ${rawPath}, so its server does not forward it.`)
    if (WRITE_METHODS.has(method)) {
      if (c.req.header('x-zonekeeper-request') !== '1' || !sameOrigin(c)) {
        return fail(c, 403, 10403, 'Write refused: it did not come from this dashboard (missing X-Zonekeeper-Request header or foreign Origin).')
      }
    }
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
    if (endpoint.body && WRITE_METHODS.has(method)) {
      let json: unknown = {}
      const text = body ? new TextDecoder().decode(body) : ''
      if (text.trim()) {
        try {
          json = JSON.parse(text)
        } catch {
          return fail(c, 400, 6007, 'Malformed JSON in request body.')
        }
      }
      const parsed = endpoint.body.safeParse(json)
      if (!parsed.success) return c.json(errorEnvelope(apiErrorsFromIssues(parsed.error.issues, endpoint.validationCode ?? 1004)), 400)
    }
    return dispatch(method, rawPath + url.search, c.req.raw.headers, body)
  })

  if (emulator) {
    // The sandbox for any API client, asking for credentials like the real service.
    app.all('/client/v4/*', async (c) => {
      const auth = c.req.header('authorization')
      const email = c.req.header('x-auth-email')
      const key = c.req.header('x-auth-key')
      const bearerOk = auth !== undefined && /^Bearer\s+\S+/.test(auth)
      if (!bearerOk && !(email && key)) {
        if (auth === undefined && !email && !key) return fail(c, 400, 9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers')
        return c.json(errorEnvelope([{ code: 6003, message: 'Invalid request headers' }]), 400)
      }
      const url = new URL(c.req.url)
      const path = url.pathname.slice('/client/v4'.length) || '/'
      const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer()
      return emulator.app.request(path + url.search, { method: c.req.method, headers: c.req.raw.headers, body: body && body.byteLength ? body : undefined })
    })

    app.post('/api/sandbox/reset', (c) => {
      if (c.req.header('x-zonekeeper-request') !== '1' || !sameOrigin(c)) {
        return fail(c, 403, 10403, 'Write refused: it did not come from this dashboard.')
      }
      emulator.reset()
      return c.json({ result: { reset: true }, success: true, errors: [], messages: [] })
    })
  }

  app.all('/api/*', (c) => fail(c, 404, 7000, 'No route for that URI'))

  if (staticDir && existsSync(staticDir)) {
    const root = relative(process.cwd(), staticDir) || '.'
    app.use('/*', serveStatic({ root }))
    const indexHtml = join(staticDir, 'index.html')
    app.get('*', (c) => c.html(readFileSync(indexHtml, 'utf8')))
  }

  return app
}
