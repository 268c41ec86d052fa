import { credentialSecrets, type Credential } from './config'
import { jsonError } from './envelope'
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

class TooLarge extends Error {}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  const length = Number(res.headers.get('content-length') ?? NaN)
  if (length > max) throw new TooLarge()
  if (!res.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel()
      throw new TooLarge()
    }
    chunks.push(value)
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total)
}

function networkReason(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  if (typeof cause?.code === 'string') return cause.code
  return 'network error'
}

/**
 * Forwarding to the real API with the credential added here, server-side. The browser's cookies,
 * auth headers and everything else it sent are left behind; the answer is scrubbed of the credential.
 */
export function createUpstream(opts: UpstreamOptions): Forward {
  const redactor = createRedactor(credentialSecrets(opts.credential))
  const auth = credentialHeaders(opts.credential)
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024 * 1024
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000))
  const where = new URL(opts.baseUrl).host

  return async (req) => {
    const headers: Record<string, string> = { ...auth, 'user-agent': 'Zonekeeper', accept: req.accept || 'application/json' }
    if (req.contentType) headers['content-type'] = req.contentType
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs)
    try {
      const res = await fetch(opts.baseUrl + req.pathAndQuery, {
        method: req.method,
        headers,
        body: req.body && req.body.byteLength > 0 ? req.body : undefined,
        signal: controller.signal,
        redirect: 'manual',
      })
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel()
        return jsonError(502, 10502, `The API at ${where} answered with a redirect (HTTP ${res.status}), which the dashboard does not follow.`)
      }
      const body = NO_BODY_STATUSES.has(res.status) ? null : redactor.bytes(await readCapped(res, maxBytes))
      const out = new Headers()
      for (const name of PASS_RESPONSE_HEADERS) {
        const value = res.headers.get(name)
        if (value !== null) out.set(name, redactor.text(value))
      }
      return new Response(body as Uint8Array<ArrayBuffer> | null, { status: res.status, headers: out })
    } catch (err) {
      if (controller.signal.aborted) {
        return jsonError(504, 10504, `The API at ${where} did not answer within ${seconds} seconds. Try again in a moment.`)
      }
      if (err instanceof TooLarge) return jsonError(502, 10502, `The API at ${where} sent an answer larger than the dashboard accepts.`)
      return jsonError(502, 10502, `Could not reach the API at ${where} (${networkReason(err)}). Check the network and API_BASE_URL.`)
    } finally {
      clearTimeout(timer)
    }
  }
}
