// Requests per second through the live proxy (/api/v4 → local fake upstream) versus straight to
// that upstream, as a ratio. Each server runs in its own process, all on loopback; every run is
// bounded in requests and time. Two upstreams: one answering at once (CPU cost of the extra hop)
// and one answering after 5 ms (still far quicker than the real API, which is tens of ms away).
import { fileURLToPath } from 'node:url'
import { startChild, type Child } from './support/child'
import { load, type LoadResult } from './support/http-load'
import { round } from './support/stats'
import type { Row } from './types'

export const name = 'proxy-throughput'

const CONCURRENCY = 8
const MAX_REQUESTS = 6_000
const MAX_MS = 4_000
const ZONE = '0123456789abcdef0123456789abcdef'
const PATH = `/zones/${ZONE}/dns_records?page=1&per_page=20`

const file = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url))

async function measure(upstreamDelayMs: number): Promise<{ direct: LoadResult; proxied: LoadResult; bytes: number }> {
  let upstream: Child<{ url: string; bytes: number }> | undefined
  let proxy: Child<{ url: string }> | undefined
  try {
    upstream = await startChild(file('upstream-process.ts'), { UPSTREAM_DELAY_MS: String(upstreamDelayMs) })
    proxy = await startChild(file('proxy-process.ts'), { UPSTREAM_URL: upstream.info.url })
    const direct = upstream.info.url + PATH
    const proxied = `${proxy.info.url}/api/v4${PATH}`
    const opts = { concurrency: CONCURRENCY, maxRequests: MAX_REQUESTS, maxMs: MAX_MS }
    // Warm both paths (JIT, connections), then alternate and keep each side's best run.
    await load(direct, { ...opts, maxRequests: 500 })
    await load(proxied, { ...opts, maxRequests: 500 })
    const best = (a: LoadResult, b: LoadResult) => (b.perSecond > a.perSecond ? b : a)
    let d = await load(direct, opts)
    let p = await load(proxied, opts)
    d = best(d, await load(direct, opts))
    p = best(p, await load(proxied, opts))
    return { direct: d, proxied: p, bytes: upstream.info.bytes }
  } finally {
    proxy?.stop()
    upstream?.stop()
  }
}

export async function run(): Promise<Row[]> {
  const rows: Row[] = []
  for (const delay of [0, 5]) {
    const { direct, proxied, bytes } = await measure(delay)
    const label = delay ? `${delay} ms upstream latency` : 'zero-latency upstream'
    const failed = direct.failures + proxied.failures
    const note = `${CONCURRENCY} concurrent, ${Math.round(bytes / 1024)} kB answers${failed ? `, ${failed} FAILED` : ''}`
    rows.push({ metric: `direct req/s, ${label}`, value: Math.round(direct.perSecond), unit: 'req/s', note })
    rows.push({ metric: `proxied req/s, ${label}`, value: Math.round(proxied.perSecond), unit: 'req/s' })
    // The goal is judged with some upstream latency, as with the real (remote) API. With a zero-latency
    // upstream on the same cores, every proxied request is a second full HTTP exchange competing for
    // the same CPU, so that ratio is a CPU-cost figure, printed for comparison between versions.
    rows.push({
      metric: `proxied/direct, ${label}`,
      value: round(proxied.perSecond / direct.perSecond),
      unit: 'x',
      ...(delay
        ? { goal: { op: '>=' as const, value: 0.8 } }
        : { note: 'CPU-bound worst case (no goal: proxy and upstream share the cores)' }),
    })
  }
  return rows
}
