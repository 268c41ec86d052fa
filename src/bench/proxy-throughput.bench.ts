// Requests per second through the live proxy (/api/v4 → local fake upstream) versus straight to
// that upstream, and versus a bare pass-through proxy on node:http (no checks: the floor of any
// proxy in Node), as ratios measured in the same run. Each server runs in its own process, all on
// loopback; every run is bounded in requests and time. Two upstreams: one answering at once (the
// CPU cost of the extra hop) and one answering 5 ms after each request came in (still far quicker
// than the real API; timed to within about 0.1 ms, not by setTimeout: see support/precise-delay.ts).
// The proxies run compiled as `npm start` runs the server (support/compiled.ts). Each request asks
// the next of 500 pages in turn: the same read asked by every client at once is sent upstream once
// by the dashboard (its shared reads) and not by the bare proxy, which would measure the sharing,
// not the proxy; that case has a row of its own.
import { fileURLToPath } from 'node:url'
import { startChild, type Child } from './support/child'
import { compile } from './support/compiled'
import { load, type LoadResult } from './support/http-load'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'proxy-throughput'

const CONCURRENCY = 8
/** Short runs, taken in turn and added up: a load that comes and goes on a shared machine hits every side alike. */
const ROUNDS = 5
const MAX_REQUESTS = 30_000
const MAX_MS = 1_200
const SETTLE_MS = 150
const WARM_UP_REQUESTS = 3_000
const ZONE = '0123456789abcdef0123456789abcdef'
const PATH = `/zones/${ZONE}/dns_records?page=1&per_page=20`
/** Distinct reads: page 1 to 500 in turn (PATH's query is replaced by the next of these). */
const QUERIES = Array.from({ length: 500 }, (_, i) => `?page=${i + 1}&per_page=20`)

const file = (name: string) => fileURLToPath(new URL(`./support/${name}`, import.meta.url))

interface Measured {
  direct: LoadResult
  proxied: LoadResult
  bare: LoadResult
  hono: LoadResult
  /** The proxy with one person defined and signed in (instant upstream only). */
  signedIn?: LoadResult
  /** The proxy, every client asking the same read (page 1): shared reads send it upstream once for all asking at that moment. */
  same: LoadResult
  bytes: number
}

type Servers = Record<'proxy' | 'bare' | 'hono', string>

async function measure(upstreamDelayMs: number, servers: Servers): Promise<Measured> {
  const children: Child<{ url: string; bytes?: number; cookie?: string }>[] = []
  try {
    const upstream = await startChild<{ url: string; bytes: number }>(file('upstream-process.ts'), {
      UPSTREAM_DELAY_MS: String(upstreamDelayMs),
    })
    children.push(upstream)
    const proxy = await startChild<{ url: string }>(servers.proxy, { UPSTREAM_URL: upstream.info.url })
    children.push(proxy)
    const bare = await startChild<{ url: string }>(servers.bare, { UPSTREAM_URL: upstream.info.url })
    children.push(bare)
    const hono = await startChild<{ url: string }>(servers.hono, { UPSTREAM_URL: upstream.info.url })
    children.push(hono)
    const sides: Partial<Record<keyof Omit<Measured, 'bytes'>, { url: string; headers?: Record<string, string>; queries?: string[] }>> = {
      direct: { url: upstream.info.url + PATH, queries: QUERIES },
      proxied: { url: `${proxy.info.url}/api/v4${PATH}`, queries: QUERIES },
      bare: { url: `${bare.info.url}/api/v4${PATH}`, queries: QUERIES },
      hono: { url: `${hono.info.url}/api/v4${PATH}`, queries: QUERIES },
      same: { url: `${proxy.info.url}/api/v4${PATH}` },
    }
    if (!upstreamDelayMs) {
      const signed = await startChild<{ url: string; cookie: string }>(servers.proxy, { UPSTREAM_URL: upstream.info.url, SIGNED_IN: '1' })
      children.push(signed)
      sides.signedIn = { url: `${signed.info.url}/api/v4${PATH}`, headers: { cookie: signed.info.cookie }, queries: QUERIES }
    }
    const opts = { concurrency: CONCURRENCY, maxRequests: MAX_REQUESTS, maxMs: MAX_MS }
    const keys = Object.keys(sides) as (keyof typeof sides)[]
    // Warm every path (JIT: the optimising compiler takes a few thousand calls of a function; the
    // connections), then take short runs in turn and add each side's up.
    for (const key of keys) await load(sides[key]!.url, { ...opts, ...sides[key], maxRequests: WARM_UP_REQUESTS })
    const out: Partial<Record<keyof typeof sides, LoadResult>> = {}
    // Every other round runs the other way round, and each turn starts after a short pause: what one
    // turn leaves behind (the garbage of 40,000 direct requests a second, in this process and the
    // upstream's) is not charged to whichever side always came next.
    for (let round = 0; round < ROUNDS; round++)
      for (const key of round % 2 ? [...keys].reverse() : keys) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
        out[key] = added(out[key], await load(sides[key]!.url, { ...opts, ...sides[key] }))
      }
    return { direct: out.direct!, proxied: out.proxied!, bare: out.bare!, hono: out.hono!, signedIn: out.signedIn, same: out.same!, bytes: upstream.info.bytes }
  } finally {
    for (const c of children) c.stop()
  }
}

function added(a: LoadResult | undefined, b: LoadResult): LoadResult {
  if (!a) return b
  const statuses = { ...a.statuses }
  for (const [k, n] of Object.entries(b.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + n
  const requests = a.requests + b.requests
  const seconds = a.seconds + b.seconds
  return { requests, seconds, perSecond: requests / seconds, failures: a.failures + b.failures, latencies: [...a.latencies, ...b.latencies], statuses }
}

export async function run(): Promise<Row[]> {
  const rows: Row[] = []
  const compiled = await compile({ proxy: file('proxy-process.ts'), bare: file('bare-proxy-process.ts'), hono: file('hono-proxy-process.ts') })
  try {
    for (const delay of [0, 5]) rows.push(...report(delay, await measure(delay, compiled.files as Servers)))
  } finally {
    compiled.remove()
  }
  return rows
}

function report(delay: number, m: Measured): Row[] {
  const rows: Row[] = []
  {
    const label = delay ? `${delay} ms upstream latency` : 'zero-latency upstream'
    const failed = m.direct.failures + m.proxied.failures + m.bare.failures + m.hono.failures + m.same.failures + (m.signedIn?.failures ?? 0)
    const note = `${CONCURRENCY} concurrent, ${Math.round(m.bytes / 1024)} kB answers, ${QUERIES.length} pages asked in turn${failed ? `, ${failed} FAILED` : ''}`
    rows.push({ metric: `direct req/s, ${label}`, value: Math.round(m.direct.perSecond), unit: 'req/s', note })
    if (delay) {
      // What the upstream's delay really was, seen from the client sent straight to it.
      const lat = m.direct.latencies
      rows.push({
        metric: `  direct latency, fastest, ${label}`,
        value: round(Math.min(...lat)),
        unit: 'ms',
        note: `median ${round(percentile(lat, 50))} ms: no answer comes sooner than the delay`,
      })
    }
    rows.push({
      metric: `bare node:http proxy req/s, ${label}`,
      value: Math.round(m.bare.perSecond),
      unit: 'req/s',
      // The floor at 5 ms: the extra hop alone, with no checks, on this machine in this run.
      ...(delay ? { note: `÷ direct: ${round(m.bare.perSecond / m.direct.perSecond)} x (a proxy that makes no checks)` } : {}),
    })
    rows.push({ metric: `proxied req/s, ${label}`, value: Math.round(m.proxied.perSecond), unit: 'req/s' })
    rows.push({
      metric: `proxied/direct, ${label}`,
      value: round(m.proxied.perSecond / m.direct.perSecond),
      unit: 'x',
      // With some upstream latency (as with the real, remote API) the proxy should cost almost nothing.
      // With none, proxy and upstream share the cores: a CPU-cost figure, judged against the bare proxy.
      ...(delay
        ? { goal: { op: '>=' as const, value: 0.95 } }
        : { note: 'CPU-bound worst case: judged against the bare proxy below' }),
    })
    if (delay)
      rows.push({
        // The proxy's own cost, with the extra hop's taken out: both sides of this figure pay the hop.
        metric: `proxied/bare node:http proxy, ${label}`,
        value: round(m.proxied.perSecond / m.bare.perSecond),
        unit: 'x',
        goal: { op: '>=', value: 0.97 },
        note: 'same run; the bare proxy makes no checks at all',
      })
    if (!delay) {
      rows.push({
        metric: `proxied/bare node:http proxy, ${label}`,
        value: round(m.proxied.perSecond / m.bare.perSecond),
        unit: 'x',
        goal: { op: '>=', value: 0.8 },
        note: 'same run; the bare proxy makes no checks at all',
      })
      // Where the rest goes: the framework and upstream code (a Hono route with no checks), then the checks.
      rows.push({
        metric: `  Hono route, same upstream code, no checks: ÷ bare, ${label}`,
        value: round(m.hono.perSecond / m.bare.perSecond),
        unit: 'x',
        note: `${Math.round(m.hono.perSecond)} req/s; proxied ÷ this: ${round(m.proxied.perSecond / m.hono.perSecond)} x (what the checks cost)`,
      })
      // The figure above is the local administrator on loopback (nobody defined yet). Once people
      // are defined, each request also resolves its session and person in the store.
      if (m.signedIn)
        rows.push({
          metric: `  proxied, one person signed in: ÷ bare, ${label}`,
          value: round(m.signedIn.perSecond / m.bare.perSecond),
          unit: 'x',
          note: `${Math.round(m.signedIn.perSecond)} req/s; session and person read from the store (SQLite) on every request`,
        })
    } else {
      rows.push({
        metric: `  Hono route, same upstream code, no checks: ÷ bare, ${label}`,
        value: round(m.hono.perSecond / m.bare.perSecond),
        unit: 'x',
        note: `${Math.round(m.hono.perSecond)} req/s; proxied ÷ this: ${round(m.proxied.perSecond / m.hono.perSecond)} x (what the checks cost)`,
      })
    }
    // Not a goal: with every client asking the same page, the proxy sends it once for all who ask
    // while it is on its way, so the clients wait for one answer together and ask again together.
    rows.push({
      metric: `  proxied, all ${CONCURRENCY} asking the same page: ÷ bare, ${label}`,
      value: round(m.same.perSecond / m.bare.perSecond),
      unit: 'x',
      note: `${Math.round(m.same.perSecond)} req/s; shared reads: one upstream call for all who ask it while it is on its way`,
    })
  }
  return rows
}
