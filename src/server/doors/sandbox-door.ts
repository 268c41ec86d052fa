import type { Context, Hono } from 'hono'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { ApiMessage } from '../../shared/schemas/common'
import type { Emulator } from '../emulator'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { withoutTrailingSlash } from '../endpoints'
import { guardWrites, rawTarget, splitTarget, WRITE_METHODS } from '../http/guard'
import { checkLocalRequest } from '../local/read-body'
import { callTable, emulatorHeaders } from '../emulator/table-routes'
import { rateLimitedAnswer, withRateLimitHeaders, type RateLimiter } from '../emulator/rate-limit'
import type { Forward, ForwardRequest } from '../upstream'
import { maybeActor } from '../auth/actor'
import { apiRequestOf, CLIENT_DOOR } from '../http/pipeline'
import { targetOf } from '../practice/target'
import type { Writer } from '../write/command'

export { CLIENT_DOOR } from '../http/pipeline'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the client door: the Bearer token a sandbox request came with (what it reaches). */
    zkSandboxCredential: string | undefined
  }
}

/**
 * Sends a request to the in-process emulator with nothing of the caller's headers but the content
 * type and the credential: one the pipeline matched to an endpoint of the table, straight to its
 * handler (callTable); any other through the emulator's routes. The credential (what the request
 * reaches, emulator/estate/reach.ts) is the request's own `credential`, else the Bearer token the
 * client door took for the request it is made on behalf of (a write command's send, the audit's
 * reads); none for the dashboard's own calls, which reach what they always did. A caller that holds
 * a credential of its own sets `credential`.
 */
export function emulatorForward(emulator: Emulator): (req: ForwardRequest, c?: Context) => Promise<Response> {
  return async (req, c) => {
    // An in-process call never waits for I/O: many in a row (the audit reading a zone page by page,
    // an undo) would run as one long task. Each starts in a task of its own, so other requests
    // get their turn in between.
    await new Promise<void>((resolve) => setImmediate(resolve))
    const credential = req.credential ?? c?.get('zkSandboxCredential')
    // What the pipeline matched (and validated) goes straight to its handler of the table.
    const direct = req.matched && callTable(emulator.app, { ...req, credential, matched: req.matched })
    if (direct) return direct
    return emulator.app.request(req.pathAndQuery, {
      method: req.method,
      headers: emulatorHeaders({ contentType: req.contentType, credential }),
      body: req.body && req.body.byteLength ? req.body : undefined,
    })
  }
}

// RFC 6750 b64token, the shape of a Bearer credential.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i
const EMAIL = /^[^\s@]+@[^\s@]+$/
const KEY = /^[\x21-\x7e]+$/
const BODY_TYPES = /^(application\/json|multipart\/form-data)\s*(;|$)/i

/**
 * The header checks of the real service (api-notes §1.4): no credential at all → 9106; a malformed
 * one → 6003 with the detail in `error_chain`; a body in another format than JSON or multipart →
 * 6003 / 6105. Any well-formed token or e-mail + key pair is accepted: this is the sandbox.
 */
export function sandboxAuthError(c: Context, hasBody: boolean): Response | undefined {
  const auth = c.req.header('authorization')
  const email = c.req.header('x-auth-email')
  const key = c.req.header('x-auth-key')
  const chain: ApiMessage[] = []
  if (auth === undefined && email === undefined && key === undefined) {
    return jsonError(400, 9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers')
  }
  if (auth !== undefined) {
    if (!BEARER.test(auth)) chain.push({ code: 6111, message: 'Invalid format for Authorization header' })
  } else {
    if (email === undefined || !EMAIL.test(email.trim()))
      chain.push({ code: 6102, message: 'Invalid format for X-Auth-Email header' })
    if (key === undefined || !KEY.test(key.trim())) chain.push({ code: 6103, message: 'Invalid format for X-Auth-Key header' })
  }
  const type = c.req.header('content-type')
  if (hasBody && (type === undefined || !BODY_TYPES.test(type))) {
    chain.push({ code: 6105, message: 'Invalid Content-Type header, valid values are application/json,multipart/form-data' })
  }
  if (chain.length === 0) return undefined
  return jsonErrors(400, [{ code: 6003, message: 'Invalid request headers', error_chain: chain }])
}

const sameSecret = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y)
}

/** The token check of a sandbox behind sign-in: the Bearer token (or the key of a pair) must be SANDBOX_API_TOKEN. */
function tokenRefusal(c: Context, required: string | null | undefined): Response | undefined {
  if (required === undefined) return undefined
  if (required === null) {
    return jsonError(
      403,
      10000,
      'Authentication error: this dashboard requires sign-in, so its sandbox API is closed to API clients until the administrator sets SANDBOX_API_TOKEN.',
    )
  }
  const auth = c.req.header('authorization')
  const sent = auth !== undefined ? (BEARER.exec(auth)?.[1] ?? '') : (c.req.header('x-auth-key')?.trim() ?? '')
  if (sameSecret(sent, required)) return undefined
  return jsonError(403, 10000, 'Authentication error: send the sandbox API token (SANDBOX_API_TOKEN) as a Bearer token.')
}

/**
 * The sandbox for any API client at /client/v4 (curl, the `cloudflare` SDK, certbot), plus the
 * dashboard's reset button. Only registered in sandbox mode.
 */
export interface SandboxDoorOptions {
  /**
   * When the dashboard requires sign-in: the only token the door accepts (SANDBOX_API_TOKEN), or
   * null when none is set (the door then refuses every client). Undefined: any credential will do.
   */
  requiredToken?: (c: Context) => Promise<string | null | undefined>
  /** What the door forwards reads with; default: the emulator. */
  forward?: Forward
  /** What a write becomes: one write command (write/command.ts); without one, writes are forwarded as they are. */
  writer?: Writer
  /** After the sandbox was reset to its demo data: what the dashboard kept of it before is forgotten. */
  afterReset?: (startedAt: number) => Promise<void>
  /** SANDBOX_RATE_LIMIT: the service's rate limit per token, with its headers on every answer. */
  rateLimit?: RateLimiter
}

/** Whose budget a request spends: its Bearer token, or the key of its e-mail + key pair. */
const credentialOf = (c: Context) => {
  const auth = c.req.header('authorization')
  return auth !== undefined ? `t:${BEARER.exec(auth)?.[1] ?? ''}` : `k:${c.req.header('x-auth-email')?.trim() ?? ''}:${c.req.header('x-auth-key')?.trim() ?? ''}`
}

export function registerSandboxDoor(app: Hono, emulator: Emulator, { requiredToken, forward: given, writer, rateLimit, afterReset }: SandboxDoorOptions = {}): void {
  const direct = emulatorForward(emulator)
  const forward: Forward = given ?? ((req, c) => direct(req, c))

  app.all(`${CLIENT_DOOR}/*`, async (c) => {
    const method = c.req.method.toUpperCase()
    const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await c.req.arrayBuffer())
    const refusal = sandboxAuthError(c, Boolean(body?.byteLength)) ?? tokenRefusal(c, await requiredToken?.(c))
    if (refusal) return refusal
    const limit = rateLimit?.take(credentialOf(c))
    // What the request reaches follows its Bearer token (a seeded sandbox token is bound to its accounts).
    const auth = c.req.header('authorization')
    c.set('zkSandboxCredential', auth === undefined ? undefined : BEARER.exec(auth)?.[1])
    if (limit && !limit.allowed) return rateLimitedAnswer(limit.headers)
    const { path: full, query } = splitTarget(rawTarget(c))
    // One trailing slash is accepted, as the service does (ddclient: `/zones/?name=…`).
    const path = withoutTrailingSlash(full.slice(CLIENT_DOOR.length)) || '/'
    let answer: Promise<Response>
    if (writer && body && WRITE_METHODS.has(method)) {
      // A write: one write command, of the token's owner (none: an API client), recorded by the command.
      c.set('zkWritten', true)
      answer = writer.run({
        actor: maybeActor(c),
        target: targetOf(c),
        door: CLIENT_DOOR,
        method,
        path,
        query,
        endpoint: apiRequestOf(c)?.endpoint,
        body: { raw: body, contentType: c.req.header('content-type') },
        via: c,
      })
    } else {
      answer = forward({ method, pathAndQuery: path + query, contentType: body?.byteLength ? c.req.header('content-type') : undefined, body }, c)
    }
    return limit ? withRateLimitHeaders(await answer, limit.headers) : answer
  })

  // Its body (none) is checked by its entry of the local route table, as every local route's is.
  app.post('/api/sandbox/reset', guardWrites, checkLocalRequest('POST', '/api/sandbox/reset'), async () => {
    // Written by a worker thread (the server keeps answering); sandbox requests meanwhile wait for it.
    const startedAt = Date.now()
    await emulator.reset()
    await afterReset?.(startedAt)
    return jsonOk({ reset: true })
  })
}

export function registerNoSandbox(app: Hono): void {
  app.all(`${CLIENT_DOOR}/*`, () =>
    jsonError(404, PROXY_CODES.noRoute, 'No route for that URI: the sandbox API is off because the server runs in live mode.'),
  )
}
