import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface RawRequest {
  method?: string
  /** Sent exactly as given: no normalisation of `..`, `%2e`, `//` or backslashes. */
  path: string
  headers?: Record<string, string>
  body?: string
}

/** One HTTP request with node:http, so that path tricks reach the server untouched (fetch would clean them). */
export function rawRequest(baseUrl: string, { method = 'GET', path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  const base = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

/** Everything a response shows the client: status line, every header, the body. */
export const wholeResponse = (r: RawResponse) => `${r.status}\n${JSON.stringify(r.headers)}\n${r.body}`
