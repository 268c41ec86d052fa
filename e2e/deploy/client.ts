import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'

/**
 * A plain HTTP(S) request from a chosen loopback address (127.0.0.2, 127.0.0.3 … are all this
 * machine on Linux), so that nginx's $remote_addr tells clients apart. Trusts the run's own
 * self-made certificate (it is made by the harness for this run only).
 */
export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The session cookie the answer sets, as `name=value`, and its attributes line. */
  sessionCookie?: { pair: string; line: string }
}

export function send(
  url: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const target = new URL(url)
  const headers: Record<string, string> = { ...options.headers }
  let body: string | undefined
  if (options.form) {
    body = new URLSearchParams(options.form).toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] = 'application/json'
  }
  const make = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((ok, fail) => {
    const req = make(
      target,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        localAddress: options.from,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => {
          const line = res.headers['set-cookie']?.find((c) => c.startsWith('zonekeeper_session='))
          ok({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            sessionCookie: line ? { pair: line.split(';')[0], line } : undefined,
          })
        })
      },
    )
    req.once('error', fail)
    req.end(body)
  })
}
