import { Agent, request } from 'node:http'

export interface LoadOptions {
  /** Requests in flight at once. */
  concurrency: number
  /** Stop after this many requests... */
  maxRequests: number
  /** ...or after this long, whichever comes first. */
  maxMs: number
  headers?: Record<string, string>
  /** Each request asks the next of these query strings in turn (instead of the URL's own). */
  queries?: string[]
}

export interface LoadResult {
  requests: number
  failures: number
  seconds: number
  perSecond: number
  /** Milliseconds per request. */
  latencies: number[]
  statuses: Record<number, number>
}

/** Sends GET requests to one URL over keep-alive connections, `concurrency` at a time. */
export async function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  const target = new URL(url)
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency })
  const latencies: number[] = []
  const statuses: Record<number, number> = {}
  let started = 0
  let failures = 0
  const t0 = performance.now()
  const deadline = t0 + opts.maxMs

  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now()
      const search = opts.queries ? opts.queries[started % opts.queries.length] : target.search
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname + search, agent, headers: opts.headers },
        (res) => {
          res.on('data', () => {})
          res.on('end', () => {
            latencies.push(performance.now() - t)
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1
            if ((res.statusCode ?? 0) >= 400) failures++
            resolve()
          })
        },
      )
      req.on('error', () => {
        failures++
        resolve()
      })
      req.end()
    })

  const worker = async () => {
    while (started < opts.maxRequests && performance.now() < deadline) {
      started++
      await one()
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency }, worker))
  const seconds = (performance.now() - t0) / 1000
  agent.destroy()
  return { requests: latencies.length, failures, seconds, perSecond: latencies.length / seconds, latencies, statuses }
}
