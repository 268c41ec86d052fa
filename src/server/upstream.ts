import type { Context } from 'hono'
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { credentialSecrets, type Credential } from './config'
import { jsonError, PROXY_CODES } from './envelope'
import { createRedactor } from './redact'
import { ACCEPT_ENCODING, AnswerRefused, contentCodings, decodeBody, isCheckableText, UpstreamBroken } from './upstream-decode'
import { streamAnswer } from './upstream-stream'

/**
 * Response headers from upstream that reach the browser (an allowlist: no Set-Cookie, no
 * Location, nothing the service might echo back). Values are redacted like the body.
 */
const PASS_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'cf-ray',
]

const NO_BODY_STATUSES = new Set([204, 205, 304])

export function credentialHeaders(credential: Credential): Record<string, string> {
  return credential.kind === 'token'
    ? { authorization: `Bearer ${credential.token}` }
    : { 'x-auth-email': credential.email, 'x-auth-key': credential.key }
}

export interface UpstreamOptions {
  baseUrl: string
  credential: Credential
  timeoutMs: number
  /** Larger answers (decoded) become a 502, or are cut off once streaming. Default 64 MiB. */
  maxResponseBytes?: number
  /** Answers up to this size are read whole before answering; larger ones are streamed. Default 64 KiB. */
  streamAfterBytes?: number
}

/** What the proxy sends on: only these parts of the browser's request travel upstream. */
export interface ForwardRequest {
  method: string
  /** Already checked against the allowlist: `/zones/<id>/dns_records?page=2`. */
  pathAndQuery: string
  contentType?: string
  accept?: string
  body?: Uint8Array<ArrayBuffer>
}

/** Sends one request on (to the API, or an emulator): what the audit's reads and the client door call. */
export type Send = (req: ForwardRequest) => Promise<Response>

/**
 * The forward the app's request handling calls, with the request it is made for: the request says
 * where it goes (a practising session's to that person's emulator, see practice/scope.ts) and which
 * write the audit is recording. Passed explicitly, not through AsyncLocalStorage, whose hooks on
 * every promise cost about a third of the proxy's time on Node 20.
 */
export type Forward = (req: ForwardRequest, c: Context) => Promise<Response>

/** A forward tied to one request, for code that sends several reads on its behalf. */
export const sendFor =
  (forward: Forward, c: Context): Send =>
  (req) =>
    forward(req, c)

type Outcome =
  | { kind: 'response'; res: IncomingMessage; body: Buffer }
  /** Larger than `streamAfterBytes`: the first chunks read, the rest still to come from `res`. */
  | { kind: 'streaming'; res: IncomingMessage; head: Buffer[] }
  | { kind: 'timeout' }
  | { kind: 'too-large' }
  | { kind: 'error'; code: string }

/**
 * Forwarding to the real API with the credential added here, server-side. The browser's cookies,
 * auth headers and everything else it sent are left behind; the answer is scrubbed of the
 * credential. Uses node:http(s) with a pool of keep-alive connections (much lighter than fetch per
 * request). Small answers are read whole and checked at once; larger ones are streamed
 * (upstream-stream.ts), with the same checks on every byte.
 */
export function createUpstream(opts: UpstreamOptions): Send {
  const base = new URL(opts.baseUrl)
  const secure = base.protocol === 'https:'
  const send = secure ? httpsRequest : httpRequest
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 32 }) : new HttpAgent({ keepAlive: true, maxSockets: 32 })
  const basePath = base.pathname.replace(/\/+$/, '')
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1')
  const redactor = createRedactor(credentialSecrets(opts.credential))
  const auth = credentialHeaders(opts.credential)
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024 * 1024
  const streamAfter = opts.streamAfterBytes ?? 64 * 1024
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000))
  const where = base.host

  const exchange = (req: ForwardRequest) =>
    new Promise<Outcome & { timer: Timer }>((resolve) => {
      const headers: Record<string, string | number> = {
        ...auth,
        'user-agent': 'Zonekeeper',
        accept: req.accept || 'application/json',
        'accept-encoding': ACCEPT_ENCODING,
      }
      const body = req.body && req.body.byteLength > 0 ? req.body : undefined
      if (body) {
        headers['content-type'] = req.contentType || 'application/json'
        headers['content-length'] = body.byteLength
      }
      let settled = false
      const settle = (o: Outcome) => {
        if (settled) return
        settled = true
        if (o.kind !== 'streaming') timer.stop()
        resolve({ ...o, timer })
      }
      const out = send(
        {
          protocol: base.protocol,
          hostname,
          port: base.port,
          path: basePath + req.pathAndQuery,
          method: req.method,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = []
          let total = 0
          const onData = (chunk: Buffer) => {
            total += chunk.length
            chunks.push(chunk)
            if (total > maxBytes && streamAfter >= maxBytes) {
              settle({ kind: 'too-large' })
              out.destroy()
            } else if (total > streamAfter) {
              res.off('data', onData).off('end', onEnd).pause()
              settle({ kind: 'streaming', res, head: chunks })
            }
          }
          const onEnd = () => settle({ kind: 'response', res, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) })
          res.on('data', onData).on('end', onEnd)
          res.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'error', code: err.code ?? 'connection lost' }))
          res.on('aborted', () => settle({ kind: 'error', code: 'connection lost' }))
        },
      )
      const timer = new Timer(opts.timeoutMs, () => {
        settle({ kind: 'timeout' })
        out.destroy(new UpstreamBroken('timeout'))
      })
      out.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'error', code: err.code ?? 'network error' }))
      out.end(body)
    })

  const timeoutAnswer = (method: string) =>
    method === 'GET' || method === 'HEAD'
      ? jsonError(504, PROXY_CODES.timeout, `The API at ${where} did not answer within ${seconds} seconds. Try again in a moment.`)
      : // The request went out: the API may well have made the change and only answered late.
        jsonError(
          504,
          PROXY_CODES.writeTimeout,
          `The API at ${where} did not answer within ${seconds} seconds, but the change may still have been applied. Check the current state before trying again.`,
        )
  const unreachable = (code: string) =>
    jsonError(502, 10502, `Could not reach the API at ${where} (${redactor.text(code)}). Check the network and API_BASE_URL.`)
  const refused = (why: string) =>
    jsonError(502, 10502, `The API at ${where} sent an answer with ${why}, so the dashboard did not pass it on.`)

  /** The rest of a large answer: read as the browser pulls it, each read bounded by the time-out. */
  async function* rest(head: Buffer[], res: IncomingMessage, timer: Timer) {
    timer.stop() // the head is here: no waiting on upstream until it is passed on
    yield* head
    timer.restart()
    try {
      for await (const chunk of res) {
        // Time spent waiting for the browser to read is not upstream's: the clock stops meanwhile.
        timer.stop()
        yield chunk as Buffer
        timer.restart()
      }
    } catch {
      throw new UpstreamBroken(timer.fired ? 'timeout' : 'connection lost')
    } finally {
      timer.stop()
    }
  }

  return async (req) => {
    const outcome = await exchange(req)
    if (outcome.kind === 'timeout') return timeoutAnswer(req.method)
    if (outcome.kind === 'too-large') return refused(`more than the dashboard accepts (${maxBytes} bytes)`)
    if (outcome.kind === 'error') return unreachable(outcome.code)
    const { res, timer } = outcome
    const status = res.statusCode ?? 502
    const discard = () => {
      timer.stop()
      res.destroy()
    }
    if (status >= 300 && status < 400) {
      discard()
      return jsonError(502, 10502, `The API at ${where} answered with a redirect (HTTP ${status}), which the dashboard does not follow.`)
    }
    const codings = contentCodings(res)
    if (!codings.ok) {
      discard()
      return refused(codings.why)
    }
    const headers: Record<string, string> = {}
    for (const name of PASS_RESPONSE_HEADERS) {
      const value = res.headers[name]
      if (value !== undefined) headers[name] = redactor.text(Array.isArray(value) ? value.join(', ') : value)
    }
    if (NO_BODY_STATUSES.has(status)) {
      if (outcome.kind === 'streaming') discard()
      return new Response(null, { status, headers })
    }
    if (outcome.kind === 'response') {
      const decoded = decodeBody(codings.codings, outcome.body, maxBytes)
      if (!decoded.ok) return refused(decoded.why)
      if (!isCheckableText(decoded.body)) return refused('bytes that are not text the dashboard can check')
      return new Response(redactor.bytes(decoded.body) as Uint8Array<ArrayBuffer>, { status, headers })
    }
    try {
      const answer = await streamAnswer(rest(outcome.head, res, timer), {
        codings: codings.codings,
        redactor,
        maxBytes,
        commitBytes: streamAfter,
        abort: discard,
      })
      return new Response(answer.stream ?? (answer.whole as Uint8Array<ArrayBuffer>), { status, headers })
    } catch (err) {
      if (timer.fired) return timeoutAnswer(req.method)
      if (err instanceof AnswerRefused) return refused(err.why)
      return unreachable(err instanceof UpstreamBroken ? err.code : 'connection lost')
    }
  }
}

/** The upstream time-out: total for an answer read whole, between chunks for a streamed one. */
class Timer {
  fired = false
  private handle: NodeJS.Timeout
  constructor(
    private readonly ms: number,
    private readonly fire: () => void,
  ) {
    this.handle = setTimeout(() => this.expire(), ms)
  }
  private expire() {
    this.fired = true
    this.fire()
  }
  restart() {
    clearTimeout(this.handle)
    this.handle = setTimeout(() => this.expire(), this.ms)
  }
  stop() {
    clearTimeout(this.handle)
  }
}
