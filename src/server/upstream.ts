import type { Credential } from './config'

/** Request headers from the browser that are never sent upstream (credentials, cookies, hop-by-hop). */
const DROP_REQUEST_HEADERS = new Set([
  'cookie',
  'authorization',
  'x-auth-email',
  'x-auth-key',
  'x-auth-user-service-key',
  'host',
  'origin',
  'referer',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'x-zonekeeper-request',
  'accept-encoding',
])

/** Response headers from upstream that never reach the browser. */
const DROP_RESPONSE_HEADERS = new Set(['set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'])

export function credentialHeaders(credential: Credential): Record<string, string> {
  return credential.kind === 'token'
    ? { authorization: `Bearer ${credential.token}` }
    : { 'x-auth-email': credential.email, 'x-auth-key': credential.key }
}

export interface UpstreamOptions {
  baseUrl: string
  credential: Credential
  timeoutMs: number
  fetchImpl?: typeof fetch
}

function envelopeResponse(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ result: null, success: false, errors: [{ code, message }], messages: [] }), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** Forwards one request to the real API with the credential added here, server-side. */
export async function forwardUpstream(
  opts: UpstreamOptions,
  method: string,
  pathAndQuery: string,
  incoming: Headers,
  body: ArrayBuffer | undefined,
): Promise<Response> {
  const headers = new Headers()
  incoming.forEach((value, name) => {
    if (!DROP_REQUEST_HEADERS.has(name.toLowerCase())) headers.set(name, value)
  })
  for (const [k, v] of Object.entries(credentialHeaders(opts.credential))) headers.set(k, v)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs)
  try {
    const res = await (opts.fetchImpl ?? fetch)(opts.baseUrl + pathAndQuery, {
      method,
      headers,
      body: body && body.byteLength > 0 ? body : undefined,
      signal: controller.signal,
      redirect: 'manual',
    })
    const outHeaders = new Headers()
    res.headers.forEach((value, name) => {
      if (!DROP_RESPONSE_HEADERS.has(name.toLowerCase())) outHeaders.set(name, value)
    })
    const buf = await res.arrayBuffer()
    return new Response(res.status === 204 ? null : buf, { status: res.status, headers: outHeaders })
  } catch (err) {
    if (controller.signal.aborted) {
      return envelopeResponse(504, 10504, `The API did not answer within ${Math.round(opts.timeoutMs / 1000)} seconds. Try again in a moment.`)
    }
    const reason = err instanceof Error && err.cause instanceof Error ? err.cause.message : 'network error'
    return envelopeResponse(502, 10502, `Could not reach the API (${reason.replace(/[A-Za-z0-9_-]{20,}/g, '…')}).`)
  } finally {
    clearTimeout(timer)
  }
}
