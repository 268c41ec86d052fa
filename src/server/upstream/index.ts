import type { Context } from 'hono'
import type { IncomingHttpHeaders } from 'node:http'
import { createRequire } from 'node:module'
import type { Dispatcher, Pool as PoolType } from 'undici'
import { credentialSecrets, type Credential } from '../config'
import { jsonError, PROXY_CODES } from '../http/envelope'
import { createRedactor } from './redact'
import { ACCEPT_ENCODING, AnswerRefused, contentCodings, decodeBody, isCheckableText, UpstreamBroken } from './decode'
import { streamAnswer } from './stream'
import { wholeAnswers } from './whole-answers'
import type { Matched } from '../http/pipeline'

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
  /** Sees the status and headers of every answer (the rate budget reads the service's figure off them). */
  onAnswer?: (status: number, headers: IncomingHttpHeaders) => void
}

/** What the proxy sends on: only these parts of the browser's request travel upstream. */
export interface ForwardRequest {
  method: string
  /** Already checked against the allowlist: `/zones/<id>/dns_records?page=2`. */
  pathAndQuery: string
  contentType?: string
  accept?: string
  body?: Uint8Array<ArrayBuffer>
  /** Set by the API door: the request's endpoint and its validated body, for the sandbox (pipeline.ts). */
  matched?: Matched
  /**
   * The sandbox only: the Bearer token the request is made with, which decides what it reaches
   * (emulator/estate/reach.ts). Absent: the dashboard's own calls, which reach the demo estate.
   * Never sent upstream (the live forward adds its own credential).
   */
  credential?: string
  /**
   * Live only: the stored credential (its id in the vault) the request is sent with, chosen by the
   * account it names (src/server/accounts); absent: the environment's. Never sent upstream.
   */
  via?: string
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

/** The status line and headers of an upstream answer, as undici hands them over. */
interface Head {
  status: number
  headers: IncomingHttpHeaders
}

type Outcome =
  | { kind: 'response'; head: Head; body: Buffer }
  /** Larger than `streamAfterBytes`: the first chunks read, the rest still to come through `tail`. */
  | { kind: 'streaming'; head: Head; first: Buffer[]; tail: Tail }
  | { kind: 'timeout' }
  | { kind: 'too-large' }
  | { kind: 'error'; code: string }

/** One exchange's outcome, with its clock and a way to drop the rest of the answer (one shape for every outcome). */
interface Exchanged {
  outcome: Outcome
  timer: Timer
  abort: (err: Error) => void
}

/** A streamed answer's tail holds at most about this much before upstream is asked to pause. */
const TAIL_HIGH_WATER = 64 * 1024

/**
 * The rest of a streamed answer, between undici's socket and the browser: chunks wait here until the
 * browser pulls them, and upstream is paused while more than TAIL_HIGH_WATER waits (memory stays at
 * a few chunks whatever the answer's size).
 */
class Tail {
  private chunks: Buffer[] = []
  private bytes = 0
  private done = false
  private error: Error | null = null
  private wake: (() => void) | null = null
  constructor(private readonly controller: Dispatcher.DispatchController) {}
  push(chunk: Buffer) {
    this.chunks.push(chunk)
    this.bytes += chunk.length
    if (this.bytes >= TAIL_HIGH_WATER && !this.controller.paused) this.controller.pause()
    this.notify()
  }
  end() {
    this.done = true
    this.notify()
  }
  fail(err: Error) {
    this.error = err
    this.notify()
  }
  private notify() {
    const wake = this.wake
    this.wake = null
    wake?.()
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    for (;;) {
      const chunk = this.chunks.shift()
      if (chunk) {
        this.bytes -= chunk.length
        if (this.controller.paused && this.bytes < TAIL_HIGH_WATER) this.controller.resume()
        yield chunk
      } else if (this.error) throw this.error
      else if (this.done) return
      else await new Promise<void>((resolve) => (this.wake = resolve))
    }
  }
}

/** Plain words for undici's own error codes (the network's, such as ECONNREFUSED, are kept as they are). */
const ERROR_WORDS: Record<string, string> = {
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_DESTROYED: 'connection closed',
}
const errorCode = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  return (code && ERROR_WORDS[code]) || code || 'network error'
}

/**
 * Forwarding to the real API with the credential added here, server-side. The browser's cookies,
 * auth headers and everything else it sent are left behind; the answer is scrubbed of the
 * credential. Uses a pool of keep-alive connections through undici's dispatcher (the same HTTP
 * client as Node's fetch, used at its lowest level: no streams or abort signals per request, a
 * third of the CPU time of node:http's client per request in the bench). Small answers are read
 * whole and checked at once; larger ones are streamed (upstream-stream.ts), with the same checks on
 * every byte.
 */
// Required when a live upstream is made, not at start: the sandbox never sends upstream, and loading
// undici was a large share of every server start's module loading.
const requireUndici = () => createRequire(import.meta.url)('undici') as { Pool: typeof PoolType }

export function createUpstream(opts: UpstreamOptions): Send {
  const base = new URL(opts.baseUrl)
  const { Pool } = requireUndici()
  const pool = new Pool(base.origin, {
    connections: 32,
    // The time-outs are this module's own (Timer below): total for an answer read whole, between
    // chunks for a streamed one, and never while waiting for the browser to read.
    headersTimeout: 0,
    bodyTimeout: 0,
  })
  const basePath = base.pathname.replace(/\/+$/, '')
  const redactor = createRedactor(credentialSecrets(opts.credential))
  const auth = credentialHeaders(opts.credential)
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024 * 1024
  const streamAfter = opts.streamAfterBytes ?? 64 * 1024
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000))
  const where = base.host

  // Name, value, name, value: undici takes headers as a flat list without looking up an object's keys.
  const fixedHeaders = [...Object.entries(auth).flat(), 'user-agent', 'Zonekeeper', 'accept-encoding', ACCEPT_ENCODING]

  const exchange = (req: ForwardRequest) =>
    new Promise<Exchanged>((resolve) => {
      const headers = fixedHeaders.slice()
      headers.push('accept', req.accept || 'application/json')
      const body = req.body && req.body.byteLength > 0 ? req.body : undefined
      if (body) headers.push('content-type', req.contentType || 'application/json')
      let settled = false
      const settle = (outcome: Outcome) => {
        if (settled) return
        settled = true
        if (outcome.kind !== 'streaming') timer.stop()
        resolve({ outcome, timer, abort })
      }
      // Set once undici starts the request; a time-out before that aborts it as it starts.
      let controller: Dispatcher.DispatchController | undefined
      let abortWith: Error | undefined
      let ended = false
      const abort = (err: Error) => {
        if (ended) return
        if (controller) {
          if (!controller.aborted) controller.abort(err)
        } else abortWith = err
      }
      let head: Head | undefined
      let chunks: Buffer[] = []
      let total = 0
      let tail: Tail | undefined
      const timer = new Timer(opts.timeoutMs, () => {
        settle({ kind: 'timeout' })
        abort(new UpstreamBroken('timeout'))
      })
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(c) {
          controller = c
          if (abortWith) c.abort(abortWith)
        },
        onResponseStart(_c, statusCode, responseHeaders) {
          head = { status: statusCode, headers: responseHeaders }
        },
        onResponseData(c, chunk) {
          if (tail) return tail.push(chunk)
          total += chunk.length
          chunks.push(chunk)
          if (total > maxBytes && streamAfter >= maxBytes) {
            settle({ kind: 'too-large' })
            c.abort(new UpstreamBroken('too large'))
          } else if (total > streamAfter && head) {
            tail = new Tail(c)
            settle({ kind: 'streaming', head, first: chunks, tail })
            chunks = []
          }
        },
        onResponseEnd() {
          ended = true
          if (tail) return tail.end()
          const o: Outcome = head
            ? { kind: 'response', head, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) }
            : { kind: 'error', code: 'connection lost' }
          settle(o)
        },
        onResponseError(_c, err) {
          ended = true
          if (tail) return tail.fail(err)
          settle({ kind: 'error', code: head ? 'connection lost' : errorCode(err) })
        },
      }
      try {
        pool.dispatch({ origin: base.origin, path: basePath + req.pathAndQuery, method: req.method as Dispatcher.HttpMethod, headers, body }, handler)
      } catch (err) {
        settle({ kind: 'error', code: errorCode(err) })
      }
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
  async function* rest(first: Buffer[], tail: Tail, timer: Timer) {
    timer.stop() // the head is here: no waiting on upstream until it is passed on
    yield* first
    timer.restart()
    try {
      for await (const chunk of tail) {
        // Time spent waiting for the browser to read is not upstream's: the clock stops meanwhile.
        timer.stop()
        yield chunk
        timer.restart()
      }
    } catch {
      throw new UpstreamBroken(timer.fired ? 'timeout' : 'connection lost')
    } finally {
      timer.stop()
    }
  }

  return async (req) => {
    const { outcome, timer, abort } = await exchange(req)
    if (outcome.kind === 'timeout') return timeoutAnswer(req.method)
    if (outcome.kind === 'too-large') return refused(`more than the dashboard accepts (${maxBytes} bytes)`)
    if (outcome.kind === 'error') return unreachable(outcome.code)
    const { head } = outcome
    const status = head.status
    opts.onAnswer?.(status, head.headers)
    if (status >= 300 && status < 400) {
      dropAnswer(timer, abort)
      return jsonError(502, 10502, `The API at ${where} answered with a redirect (HTTP ${status}), which the dashboard does not follow.`)
    }
    const codings = contentCodings(head.headers['content-encoding'])
    if (!codings.ok) {
      dropAnswer(timer, abort)
      return refused(codings.why)
    }
    const headers: Record<string, string> = {}
    for (const name of PASS_RESPONSE_HEADERS) {
      const value = head.headers[name]
      if (value !== undefined) headers[name] = redactor.text(Array.isArray(value) ? value.join(', ') : value)
    }
    if (NO_BODY_STATUSES.has(status)) {
      if (outcome.kind === 'streaming') dropAnswer(timer, abort)
      return new Response(null, { status, headers })
    }
    if (outcome.kind === 'response') {
      const decoded = decodeBody(codings.codings, outcome.body, maxBytes)
      if (!decoded.ok) return refused(decoded.why)
      if (!isCheckableText(decoded.body)) return refused('bytes that are not text the dashboard can check')
      const body = redactor.bytes(decoded.body) as Uint8Array<ArrayBuffer>
      const answer = new Response(body, { status, headers })
      // A read's bytes can be handed to others who ask the same at the same moment (budget/shared-reads.ts).
      if (req.method === 'GET') wholeAnswers.set(answer, { status, headers, body })
      return answer
    }
    try {
      const answer = await streamAnswer(rest(outcome.first, outcome.tail, timer), {
        codings: codings.codings,
        redactor,
        maxBytes,
        commitBytes: streamAfter,
        abort: () => dropAnswer(timer, abort),
      })
      return new Response(answer.stream ?? (answer.whole as Uint8Array<ArrayBuffer>), { status, headers })
    } catch (err) {
      if (timer.fired) return timeoutAnswer(req.method)
      if (err instanceof AnswerRefused) return refused(err.why)
      return unreachable(err instanceof UpstreamBroken ? err.code : 'connection lost')
    }
  }
}

/** Drops the rest of an answer that is not passed on (no closure of its own per request: most answers are passed on). */
function dropAnswer(timer: Timer, abort: (err: Error) => void) {
  timer.stop()
  abort(new UpstreamBroken('discarded'))
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
