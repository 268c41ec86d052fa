import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isUtf8 } from 'node:buffer'
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib'
import { credentialSecrets, type Credential } from './config'
import { jsonError, PROXY_CODES } from './envelope'
import { createRedactor } from './redact'

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
  /** Larger answers become a 502 instead of filling memory. Default 64 MiB. */
  maxResponseBytes?: number
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

export type Forward = (req: ForwardRequest) => Promise<Response>

type Outcome =
  | { kind: 'response'; res: IncomingMessage; body: Buffer }
  | { kind: 'timeout' }
  | { kind: 'too-large' }
  | { kind: 'error'; code: string }

/** The codings the proxy asks for, and can therefore read to check every byte before it passes on. */
export const ACCEPT_ENCODING = 'gzip, br'

type Decoded = { ok: true; body: Buffer } | { ok: false; why: string }

/**
 * Undoes every coding of `Content-Encoding` (one header or several, each possibly a list), last
 * applied first. Anything unknown is not passed on undecoded: the caller refuses it.
 */
export function decodeBody(res: IncomingMessage, body: Buffer, max: number): Decoded {
  const codings = (res.headersDistinct['content-encoding'] ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '' && v !== 'identity')
  if (codings.length > 4) return { ok: false, why: `too many content codings (${codings.length})` }
  let out = body
  for (const coding of codings.reverse()) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, { maxOutputLength: max })
      else if (coding === 'br') out = brotliDecompressSync(out, { maxOutputLength: max })
      else if (coding === 'deflate') out = inflateDeflate(out, max)
      else return { ok: false, why: `an unknown content coding, ${JSON.stringify(coding.slice(0, 40))}` }
    } catch {
      return { ok: false, why: `a ${coding} coding that could not be decompressed` }
    }
  }
  return { ok: true, body: out }
}

/** `deflate` is zlib-wrapped by the standard, raw in some servers: accept both. */
function inflateDeflate(body: Buffer, max: number): Buffer {
  try {
    return inflateSync(body, { maxOutputLength: max })
  } catch {
    return inflateRawSync(body, { maxOutputLength: max })
  }
}

// eslint-disable-next-line no-control-regex -- text the proxy can check holds no control characters but tab and line breaks
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * The body as text, or undefined when it is not UTF-8 text: compressed bytes without a label, or
 * anything else the proxy could not search for the credential, never reach the browser.
 */
export function bodyText(body: Buffer): string | undefined {
  if (!isUtf8(body)) return undefined
  const text = body.toString('utf8')
  return BINARY.test(text) ? undefined : text
}

/**
 * Forwarding to the real API with the credential added here, server-side. The browser's cookies,
 * auth headers and everything else it sent are left behind; the answer is scrubbed of the
 * credential. Uses node:http(s) with keep-alive connections (much lighter than fetch per request).
 */
export function createUpstream(opts: UpstreamOptions): Forward {
  const base = new URL(opts.baseUrl)
  const secure = base.protocol === 'https:'
  const send = secure ? httpsRequest : httpRequest
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 32 }) : new HttpAgent({ keepAlive: true, maxSockets: 32 })
  const basePath = base.pathname.replace(/\/+$/, '')
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1')
  const redactor = createRedactor(credentialSecrets(opts.credential))
  const auth = credentialHeaders(opts.credential)
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024 * 1024
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000))
  const where = base.host

  const exchange = (req: ForwardRequest) =>
    new Promise<Outcome>((resolve) => {
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
        clearTimeout(timer)
        resolve(o)
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
          res.on('data', (chunk: Buffer) => {
            total += chunk.length
            if (total > maxBytes) {
              settle({ kind: 'too-large' })
              out.destroy()
            } else chunks.push(chunk)
          })
          res.on('end', () =>
            settle({ kind: 'response', res, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) }),
          )
          res.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'error', code: err.code ?? 'connection lost' }))
          res.on('aborted', () => settle({ kind: 'error', code: 'connection lost' }))
        },
      )
      const timer = setTimeout(() => {
        settle({ kind: 'timeout' })
        out.destroy()
      }, opts.timeoutMs)
      out.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'error', code: err.code ?? 'network error' }))
      out.end(body)
    })

  return async (req) => {
    const outcome = await exchange(req)
    if (outcome.kind === 'timeout') {
      if (req.method === 'GET' || req.method === 'HEAD')
        return jsonError(504, PROXY_CODES.timeout, `The API at ${where} did not answer within ${seconds} seconds. Try again in a moment.`)
      // The request went out: the API may well have made the change and only answered late.
      return jsonError(
        504,
        PROXY_CODES.writeTimeout,
        `The API at ${where} did not answer within ${seconds} seconds, but the change may still have been applied. Check the current state before trying again.`,
      )
    }
    if (outcome.kind === 'too-large')
      return jsonError(502, 10502, `The API at ${where} sent an answer larger than the dashboard accepts.`)
    if (outcome.kind === 'error') {
      return jsonError(
        502,
        10502,
        `Could not reach the API at ${where} (${redactor.text(outcome.code)}). Check the network and API_BASE_URL.`,
      )
    }
    const { res } = outcome
    const status = res.statusCode ?? 502
    if (status >= 300 && status < 400) {
      return jsonError(
        502,
        10502,
        `The API at ${where} answered with a redirect (HTTP ${status}), which the dashboard does not follow.`,
      )
    }
    const decoded = decodeBody(res, outcome.body, maxBytes)
    if (!decoded.ok)
      return jsonError(502, 10502, `The API at ${where} sent an answer with ${decoded.why}, so the dashboard did not pass it on.`)
    const text = NO_BODY_STATUSES.has(status) ? '' : bodyText(decoded.body)
    if (text === undefined) {
      return jsonError(
        502,
        10502,
        `The API at ${where} sent an answer that is not text the dashboard can check, so it did not pass it on.`,
      )
    }
    const headers: Record<string, string> = {}
    for (const name of PASS_RESPONSE_HEADERS) {
      const value = res.headers[name]
      if (value !== undefined) headers[name] = redactor.text(Array.isArray(value) ? value.join(', ') : value)
    }
    const clean = redactor.text(text)
    const out = NO_BODY_STATUSES.has(status) ? null : clean === text ? (decoded.body as Uint8Array<ArrayBuffer>) : clean
    return new Response(out, { status, headers })
  }
}
