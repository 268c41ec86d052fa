// A team on one live account (issue 24): two dashboard instances on one store (PostgreSQL when
// installed, else one SQLite file), live mode at a sandbox with the service's rate limit
// (1,200 requests per 5 minutes per token) and a large account (20,000 more zones). 25 simulated
// people (20 with every zone, 5 with three zones each) browse for a while, each request going to
// either instance (no sticky sessions); then the same with the budget off, as the baseline.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashPassword } from '../server/auth/passwords'
import { createEmulator } from '../server/emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { largeAccountZoneId, largeAccountZoneName, seedLargeAccount } from '../server/emulator/zones/seed'
import type { RunningServer } from '../server/serve'
import { createStore, type Store } from '../server/store'
import { postgresMissing, startPostgres } from '../testing/postgres'
import { benchConfig, startBenchServer } from './support/servers'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'team'

const PEOPLE = 25
const SCOPED = 5
const DURATION_MS = Number(process.env.TEAM_BENCH_MS ?? 40_000)
const ALONE_MS = 10_000
const THINK_MS = 1_000

interface Person {
  cookie: string
  zones: { id: string }[]
}

interface Tally {
  pageViews: number
  latencies: number[]
  refused: number
  statuses: Record<number, number>
}

/** One page view as the dashboard asks for it: the zone list, or a zone's DNS page (the zone, then its records). */
async function pageView(instances: RunningServer[], p: Person, rnd: () => number, t: Tally) {
  const at = () => instances[Math.floor(rnd() * instances.length)].url
  const get = async (path: string) => {
    const res = await fetch(at() + path, { headers: { cookie: p.cookie } })
    await res.arrayBuffer()
    t.statuses[res.status] = (t.statuses[res.status] ?? 0) + 1
    if (res.status === 429) t.refused++
  }
  const started = performance.now()
  if (rnd() < 0.4) await get(`/api/v4/zones?per_page=20&page=${1 + Math.floor(rnd() * 3)}&order=name&direction=asc`)
  else {
    const zone = p.zones[Math.floor(rnd() * p.zones.length)]
    await get(`/api/v4/zones/${zone.id}`)
    await get(`/api/v4/zones/${zone.id}/dns_records?per_page=50&page=1`)
  }
  t.latencies.push(performance.now() - started)
  t.pageViews++
}

const rng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

async function browse(instances: RunningServer[], people: Person[], ms: number): Promise<Tally> {
  const t: Tally = { pageViews: 0, latencies: [], refused: 0, statuses: {} }
  const end = performance.now() + ms
  await Promise.all(
    people.map(async (p, i) => {
      const rnd = rng(1000 + i)
      await new Promise((r) => setTimeout(r, rnd() * THINK_MS))
      while (performance.now() < end) {
        await pageView(instances, p, rnd, t)
        await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + rnd())))
      }
    }),
  )
  return t
}

async function scenario(label: string, token: string, sandbox: RunningServer, upstreamCalls: () => number, limitHits: () => number, location: { dataDir: string; databaseUrl?: string }, off: boolean): Promise<Row[]> {
  const stores: Store[] = [createStore(location), createStore(location)]
  const instances: RunningServer[] = []
  for (const store of stores) {
    instances.push(
      await startBenchServer({
        config: benchConfig({ credential: { kind: 'token', token }, apiBaseUrl: `${sandbox.url}/client/v4`, apiCacheMs: 15_000 }),
        store,
        budget: { off },
      }),
    )
  }
  try {
    const every = [SEED_ZONES.demo, SEED_ZONES.pending, SEED_ZONES.moved, ...Array.from({ length: 20 }, (_, i) => ({ id: largeAccountZoneId(1 + i * 997) }))]
    const people: Person[] = []
    for (let i = 0; i < PEOPLE; i++) {
      const username = `${off ? 'b' : 'p'}${i}`
      const scoped = i < SCOPED ? [1 + i, 5000 + i, 19_000 + i] : undefined
      await stores[0].people.add({
        username,
        displayName: username,
        role: 'viewer',
        zones: scoped ? scoped.map(largeAccountZoneName) : '*',
        passwordHash: await hashPassword(`${username}-password-1`),
      })
      const res = await fetch(`${instances[i % 2].url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: `${username}-password-1`, next: '/' }),
      })
      const cookie = res.headers.get('set-cookie')?.split(';')[0]
      if (!cookie) throw new Error(`sign-in failed: ${res.status}`)
      people.push({ cookie, zones: scoped ? scoped.map((n) => ({ id: largeAccountZoneId(n) })) : every })
    }
    const alone = await browse(instances, [people[SCOPED]], ALONE_MS)
    const calls0 = upstreamCalls()
    const hits0 = limitHits()
    const team = await browse(instances, people, DURATION_MS)
    const calls = upstreamCalls() - calls0
    const median = (t: Tally) => percentile(t.latencies, 50)
    return [
      { metric: `${label}: page views`, value: team.pageViews, unit: '', note: `${PEOPLE} people (${SCOPED} with 3 zones) for ${DURATION_MS / 1000} s, 2 instances` },
      { metric: `${label}: upstream calls per page view`, value: round(calls / team.pageViews), unit: '', note: `${calls} calls` },
      { metric: `${label}: 429s reaching a person`, value: team.refused, unit: '', goal: off ? undefined : { op: '<=', value: 0 }, note: JSON.stringify(team.statuses) },
      { metric: `${label}: the service's limit hit`, value: limitHits() - hits0 > 0 ? 1 : 0, unit: 'yes=1', goal: off ? undefined : { op: '<=', value: 0 }, note: `${limitHits() - hits0} calls refused by the service` },
      {
        metric: `${label}: median page view ÷ one person alone`,
        value: round(median(team) / median(alone)),
        unit: '×',
        note: `${round(median(team))} ms vs ${round(median(alone))} ms`,
      },
    ]
  } finally {
    await Promise.all(instances.map((s) => s.close()))
    await Promise.all(stores.map((s) => s.close()))
  }
}

export async function run(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-bench-team-'))
  const emulator = createEmulator({ file: ':memory:', scaleZones: false })
  seedLargeAccount(emulator.ctx)
  const lines: string[] = []
  const sandbox = await startBenchServer({
    config: benchConfig({ sandboxRateLimit: { quota: 1200, windowSeconds: 300 } }),
    emulator,
    log: (l) => lines.push(l),
  })
  const upstreamCalls = () => lines.filter((l) => l.includes('/client/v4/')).length
  const limitHits = () => lines.filter((l) => l.includes('/client/v4/') && / 429 /.test(l)).length
  const missing = postgresMissing()
  const pg = missing ? undefined : await startPostgres()
  const rows: Row[] = []
  try {
    const where = async () => ({ dataDir: mkdtempSync(join(dir, 's-')), databaseUrl: pg ? await pg.createDatabase() : undefined })
    rows.push({ metric: 'store', value: null, unit: '', note: pg ? 'PostgreSQL' : `one SQLite file (${missing})` })
    // Each scenario spends its own token's budget (the sandbox counts per token).
    rows.push(...(await scenario('with the budget', 'team-token-with-budget-0123456789', sandbox, upstreamCalls, limitHits, await where(), false)))
    rows.push(...(await scenario('baseline, no budget', 'team-token-baseline-0123456789', sandbox, upstreamCalls, limitHits, await where(), true)))
  } finally {
    await sandbox.close()
    emulator.close()
    pg?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return rows
}
