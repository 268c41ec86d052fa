// A team on one live account: two dashboard instances on one store (PostgreSQL when
// installed, else one SQLite file), live mode at a sandbox with the service's rate limit
// (1,200 requests per 5 minutes per token, api-notes §1) and a large account (20,000 more zones).
// Each request of a person goes to either instance (no sticky sessions). The same scenario then
// runs with the budget off (no gate, no shared reads), as the baseline, in the same run.
//
// Where the scenario's figures come from (an assumption about people's pace, not a measurement of
// one; the aim is "a realistic mix"):
// - 25 people, a third of them (8) with a list of three zones, the rest with every zone.
// - Each person views a page, then reads it for 10–30 s (uniformly at random; 20 s on average)
//   before the next: a person working through zones reads a list or a record set and decides what
//   to do next, which takes tens of seconds; nobody clicks once a second for minutes. 25 people
//   at that pace are 75 page views a minute, a busy team. (The first version of this bench had
//   everyone view a page every 0.5–1.5 s, 25 a second, 20 times what the account's 4 calls a second
//   can pay for: no budget can meet that without refusing people.)
// - The page views, in proportions of a day's work: 30 % the zone list (pages 1–3, order by name),
//   30 % a zone's DNS records (the zone, then a page of records), 10 % a zone's script review page
//   (the zone, then its scripts), 20 % searches (half the zone list by name, half a zone's records
//   by name), 10 % writes by the editors (a TXT record added, the next time removed again).
// - Two bulk jobs of administrators, as the DNS page's bulk dialog runs them (marked as long work,
//   batches of the zone plan's size, waiting out a 10430 with its retry-after): one deletes 3,000
//   records, one changes the TTL of 3,000 records; they start 10 % and 40 %
//   into the run, in two zones nobody else opens, so their calls are counted apart.
// - "One person alone" is one of the people with every zone, before the team starts, viewing
//   ALONE_VIEWS pages with the same mix (a short think time: alone, the pace changes nothing but the
//   duration).
// The default run lasts 40 s per scenario (`npm run bench`); TEAM_BENCH_MS=180000 runs
// 3 minutes.
//
// The stress variant (TEAM_BENCH_STRESS=1, opt-in; it replaces both scenarios above): the same team
// at ten times the pace (a page every 0.5–1.5 s each, about 1,200 page views a minute where the
// account pays for 240 calls), for 120 s (TEAM_BENCH_MS too), with the budget only. The budget
// runs low within the first minute and stays spent to the end of the run (the window is 5 minutes),
// so what happens then is measured: answers served stale, waits (a page read answered 10430 with
// retry-after: the page counts down, then asks again by itself, as the browser does), 429s reaching
// a person that are anything else (goal 0), and whether the service's own limit was hit (goal never).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashPassword } from '../server/auth/passwords'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { API_CACHE_DEFAULT_MS } from '../server/config'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { largeAccountZoneId, largeAccountZoneName } from '../server/emulator/zones/seed'
import type { RunningServer } from '../server/serve'
import { createStore, type Store } from '../server/store'
import { batchLimitFor } from '../features/dns/api/batch-dns-records'
import { postgresMissing, startPostgres } from '../testing/postgres'
import { benchConfig, startBenchServer } from './support/servers'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'team'

const PEOPLE = 25
const SCOPED = 8
const STRESS = Boolean(process.env.TEAM_BENCH_STRESS)

/** How long each person reads a page before the next (uniformly at random between the two), and for how long the team works. */
interface Pace {
  thinkMinMs: number
  thinkMaxMs: number
  durationMs: number
}
const PACE: Pace = STRESS
  ? { thinkMinMs: 500, thinkMaxMs: 1_500, durationMs: Number(process.env.TEAM_BENCH_MS ?? 120_000) }
  : { thinkMinMs: 10_000, thinkMaxMs: 30_000, durationMs: Number(process.env.TEAM_BENCH_MS ?? 40_000) }
const ALONE_VIEWS = 30
const ALONE_THINK_MS = 300
const BULK_RECORDS = 3_000
/** The two zones of the bulk jobs (nobody else opens them). */
const BULK_ZONES = [19_990, 19_991]

interface Person {
  username: string
  cookie: string
  role: 'viewer' | 'editor' | 'admin'
  zones: { id: string }[]
  written: { zone: string; id: string }[]
  /** For a person with a list of zones: the zone list asks for them by name. */
  scoped: boolean
  /** The zone the person is working in, and how many more of their page views stay in it. */
  visit?: { zone: string; left: number }
}

interface Tally {
  pageViews: number
  byKind: Record<string, number>
  latencies: number[]
  latencyByKind: Record<string, number[]>
  /** 429s answered to a person's page view or write, other than the budget's wait (10430 with retry-after). */
  refused: number
  /** The budget's waits (10430): a page read then asks again after its retry-after, as the browser does. */
  waits: number
  waitedS: number
  stale: number
  statuses: Record<number, number>
}

const newTally = (): Tally => ({ pageViews: 0, byKind: {}, latencies: [], latencyByKind: {}, refused: 0, waits: 0, waitedS: 0, stale: 0, statuses: {} })

const rng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const T0 = performance.now()
const trace = (what: string) => process.env.TEAM_BENCH_TRACE && console.error(`  team ${Math.round((performance.now() - T0) / 1000)} s: ${what}`)
const WRITE_HEADERS = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }

const isBudgetWait = (body: string) => {
  try {
    return (JSON.parse(body) as { errors?: { code: number }[] }).errors?.[0]?.code === 10430
  } catch {
    return false
  }
}

/**
 * One page view (or write) as the dashboard's pages ask for it. A read the budget answers with a
 * wait (10430) is asked again after its retry-after, as the page does by itself (until `until`).
 */
async function pageView(instances: RunningServer[], p: Person, rnd: () => number, t: Tally, until = Infinity) {
  const at = () => instances[Math.floor(rnd() * instances.length)].url
  const ask = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: string }> => {
    const res = await fetch(at() + path, { ...init, headers: { cookie: p.cookie, ...(init.headers as Record<string, string>) } })
    const body = await res.text()
    t.statuses[res.status] = (t.statuses[res.status] ?? 0) + 1
    if (res.headers.get('x-zonekeeper-shared') === 'stale') t.stale++
    if (res.status !== 429) return { status: res.status, body }
    const retryAfter = Number(res.headers.get('retry-after'))
    if (!isBudgetWait(body) || !(retryAfter >= 0)) {
      t.refused++
      return { status: res.status, body }
    }
    t.waits++
    t.waitedS += retryAfter
    if ((init.method ?? 'GET') !== 'GET' || performance.now() + retryAfter * 1000 > until) return { status: res.status, body }
    await sleep(Math.max(1, retryAfter) * 1000)
    return ask(path, init)
  }
  // People work in one zone for a few page views (1–4), then go to another.
  if (!p.visit || p.visit.left <= 0) p.visit = { zone: p.zones[Math.floor(rnd() * p.zones.length)].id, left: 1 + Math.floor(rnd() * 4) }
  const zone = p.visit.zone
  const roll = rnd()
  const kind =
    roll < 0.3 ? 'zone list' : roll < 0.6 ? 'DNS page' : roll < 0.7 ? 'script review' : roll < 0.9 ? 'search' : p.role === 'viewer' ? 'DNS page' : 'write'
  if (kind !== 'zone list' && kind !== 'search') p.visit.left--
  const started = performance.now()
  switch (kind) {
    case 'zone list':
      await ask(`/api/v4/zones?per_page=20&page=${p.scoped ? 1 : 1 + Math.floor(rnd() * 3)}&order=name&direction=asc`)
      break
    case 'DNS page':
      await Promise.all([ask(`/api/v4/zones/${zone}`), ask(`/api/v4/zones/${zone}/dns_records?per_page=50&page=1&order=type&direction=asc`)])
      break
    case 'script review':
      await Promise.all([ask(`/api/v4/zones/${zone}`), ask(`/api/v4/zones/${zone}/page_shield/scripts?per_page=25&page=1`)])
      break
    case 'search':
      if (rnd() < 0.5) await ask(`/api/v4/zones?name=${encodeURIComponent(`contains:team-0${Math.floor(rnd() * 10)}`)}&per_page=20&page=1`)
      else await Promise.all([ask(`/api/v4/zones/${zone}`), ask(`/api/v4/zones/${zone}/dns_records?name.contains=www&per_page=50&page=1`)])
      break
    case 'write': {
      const last = p.written.pop()
      if (last) await ask(`/api/v4/zones/${last.zone}/dns_records/${last.id}`, { method: 'DELETE', headers: WRITE_HEADERS })
      else {
        const made = await ask(`/api/v4/zones/${zone}/dns_records`, {
          method: 'POST',
          headers: WRITE_HEADERS,
          body: JSON.stringify({ type: 'TXT', name: `bench-${p.username}`, content: '"team bench"', ttl: 300 }),
        })
        const id = made.status === 200 ? (JSON.parse(made.body) as { result: { id: string } }).result.id : undefined
        if (id) p.written.push({ zone, id })
      }
      break
    }
  }
  const ms = performance.now() - started
  t.latencies.push(ms)
  ;(t.latencyByKind[kind] ??= []).push(ms)
  t.pageViews++
  t.byKind[kind] = (t.byKind[kind] ?? 0) + 1
}

async function browse(instances: RunningServer[], people: Person[], ms: number, think: (rnd: () => number) => number, seed: number): Promise<Tally> {
  const t = newTally()
  const end = performance.now() + ms
  await Promise.all(
    people.map(async (p, i) => {
      const rnd = rng(seed + i)
      // People do not all start at the same moment.
      await sleep(rnd() * think(rnd))
      while (performance.now() < end) {
        await pageView(instances, p, rnd, t, end)
        await sleep(think(rnd))
      }
    }),
  )
  return t
}

interface BulkOutcome {
  done: number
  waits: number
  waitedS: number
  refusedOther: number
  ms: number
}

/**
 * A bulk job as the DNS page's dialog runs it: the zone (its plan gives the batch size), the records
 * (pages of 1,000), then one batch after another, marked as long work; a 10430 is waited out (its
 * retry-after) and the same batch sent again.
 */
async function bulkJob(instances: RunningServer[], p: Person, zone: string, kind: 'deletes' | 'patches'): Promise<BulkOutcome> {
  const started = performance.now()
  const out: BulkOutcome = { done: 0, waits: 0, waitedS: 0, refusedOther: 0, ms: 0 }
  let turn = 0
  const ask = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: string; retryAfter: number }> => {
    for (;;) {
      const res = await fetch(instances[turn++ % instances.length].url + path, {
        ...init,
        headers: { cookie: p.cookie, 'x-zonekeeper-work': '1', ...(init.headers as Record<string, string>) },
      })
      const body = await res.text()
      if (res.status !== 429) return { status: res.status, body, retryAfter: 0 }
      const code = (JSON.parse(body) as { errors: { code: number }[] }).errors[0]?.code
      if (code !== 10430) out.refusedOther++
      const wait = Math.max(1, Number(res.headers.get('retry-after')) || 5)
      out.waits++
      out.waitedS += wait
      await sleep(wait * 1000)
    }
  }
  const zoneAnswer = await ask(`/api/v4/zones/${zone}`)
  const plan = (JSON.parse(zoneAnswer.body) as { result?: { plan?: { legacy_id?: string } } }).result?.plan?.legacy_id
  const size = batchLimitFor(plan)
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const list = JSON.parse((await ask(`/api/v4/zones/${zone}/dns_records?per_page=1000&page=${page}&name.contains=bulk-`)).body) as {
      result: { id: string }[]
      result_info: { total_pages: number }
    }
    ids.push(...list.result.map((r) => r.id))
    if (page >= list.result_info.total_pages) break
  }
  for (let i = 0; i < ids.length; i += size) {
    const items = ids.slice(i, i + size).map((id) => (kind === 'deletes' ? { id } : { id, ttl: 3600 }))
    const res = await ask(`/api/v4/zones/${zone}/dns_records/batch`, { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify({ [kind]: items }) })
    if (res.status === 200) out.done += items.length
  }
  out.ms = performance.now() - started
  return out
}

interface Sandbox {
  url: string
  /** The sandbox's request log: one line per request it answered. */
  lines: string[]
  /** 3,000 records in each bulk zone, written straight into the sandbox (not through its rate-limited door). */
  seedBulkZones(): Promise<void>
  close(): Promise<void>
}

/** The sandbox in its own process (support/team-sandbox.ts), as the service runs apart from the dashboard. */
async function startSandbox(): Promise<Sandbox> {
  const child = spawn(process.execPath, [...process.execArgv, new URL('./support/team-sandbox.ts', import.meta.url).pathname], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  const waiting: ((line: string) => void)[] = []
  const rl = createInterface({ input: child.stdout })
  rl.on('line', (line) => {
    if (line.startsWith('log ')) lines.push(line.slice(4))
    else waiting.shift()?.(line)
  })
  const next = () => new Promise<string>((resolve) => waiting.push(resolve))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const ready = await Promise.race([next(), exited.then(() => 'exited')])
  if (!ready.startsWith('ready ')) throw new Error('the sandbox did not start')
  return {
    url: ready.slice('ready '.length),
    lines,
    async seedBulkZones() {
      for (const n of BULK_ZONES) {
        const answer = next()
        child.stdin.write(`seed ${largeAccountZoneId(n)} ${largeAccountZoneName(n)} ${BULK_RECORDS}\n`)
        if ((await answer) !== 'seeded') throw new Error('seeding the bulk zones failed')
      }
    },
    async close() {
      child.stdin.write('quit\n')
      await exited
    },
  }
}

async function scenario(label: string, token: string, sb: Sandbox, location: { dataDir: string; databaseUrl?: string }, off: boolean): Promise<Row[]> {
  trace(`${label}: seeding`)
  await sb.seedBulkZones()
  trace(`${label}: seeded`)
  const stores: Store[] = [createStore(location), createStore(location)]
  const instances: RunningServer[] = []
  for (const store of stores) {
    instances.push(
      await startBenchServer({
        config: benchConfig({ credential: { kind: 'token', token }, apiBaseUrl: `${sb.url}/client/v4`, apiCacheMs: API_CACHE_DEFAULT_MS }),
        store,
        budget: { off },
      }),
    )
  }
  try {
    const every = [SEED_ZONES.demo, SEED_ZONES.pending, SEED_ZONES.moved, ...Array.from({ length: 20 }, (_, i) => ({ id: largeAccountZoneId(1 + i * 997) }))]
    const people: Person[] = []
    const signIn = async (username: string, role: Person['role'], zones: string[] | '*', i: number) => {
      await stores[0].people.add({ username, displayName: username, role, zones, passwordHash: await hashPassword(`${username}-password-1`) })
      const res = await fetch(`${instances[i % 2].url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: `${username}-password-1`, next: '/' }),
      })
      const cookie = res.headers.get('set-cookie')?.split(';')[0]
      if (!cookie) throw new Error(`sign-in failed: ${res.status}`)
      return cookie
    }
    for (let i = 0; i < PEOPLE; i++) {
      const username = `${off ? 'b' : 'p'}${i}`
      const scoped = i < SCOPED ? [1 + i, 5000 + i, 19_000 + i] : undefined
      // Viewers and editors (half each), and the two administrators who run the bulk jobs.
      const role: Person['role'] = i >= PEOPLE - 2 ? 'admin' : i % 2 ? 'viewer' : 'editor'
      const cookie = await signIn(username, role, scoped ? scoped.map(largeAccountZoneName) : '*', i)
      people.push({ username, cookie, role, scoped: Boolean(scoped), written: [], zones: scoped ? scoped.map((n) => ({ id: largeAccountZoneId(n) })) : every })
    }
    const bulkZoneIds = BULK_ZONES.map(largeAccountZoneId)
    const ofToken = (from: number) => sb.lines.slice(from).filter((l) => l.includes('/client/v4/'))
    const start0 = sb.lines.length
    // One person alone first (the same mix, a short think time).
    const alone = newTally()
    {
      const rnd = rng(7)
      for (let v = 0; v < ALONE_VIEWS; v++) {
        await pageView(instances, people[SCOPED], rnd, alone)
        await sleep(ALONE_THINK_MS)
      }
    }
    const from = sb.lines.length
    trace(`${label}: alone done, the team starts`)
    const jobs: Promise<BulkOutcome>[] = []
    const timers = [
      setTimeout(() => jobs.push(bulkJob(instances, people[PEOPLE - 2], bulkZoneIds[0], 'deletes')), PACE.durationMs * 0.1),
      setTimeout(() => jobs.push(bulkJob(instances, people[PEOPLE - 1], bulkZoneIds[1], 'patches')), PACE.durationMs * 0.4),
    ]
    const team = await browse(instances, people, PACE.durationMs, (rnd) => PACE.thinkMinMs + rnd() * (PACE.thinkMaxMs - PACE.thinkMinMs), off ? 2000 : 1000)
    timers.forEach(clearTimeout)
    trace(`${label}: the team is done`)
    const bulk = await Promise.all(jobs)
    const lines = ofToken(from)
    const bulkCalls = lines.filter((l) => bulkZoneIds.some((id) => l.includes(id))).length
    const calls = lines.length - bulkCalls
    const serviceRefused = ofToken(start0).filter((l) => / 429 /.test(l)).length
    const median = (t: Tally) => percentile(t.latencies, 50)
    // What the page views' calls were (the sandbox's log shows the path, the query's keys only).
    const byPath: Record<string, number> = {}
    for (const l of lines) {
      if (bulkZoneIds.some((id) => l.includes(id))) continue
      const [method, path] = l.split(' ')
      const what =
        method !== 'GET' ? 'writes' : /\/zones\?/.test(path) ? 'zone lists' : /\/zones\/[0-9a-f]{32}$/.test(path) ? 'zones' : path.includes('/dns_records') ? 'records' : path.includes('/page_shield') ? 'scripts' : 'other'
      byPath[what] = (byPath[what] ?? 0) + 1
    }
    const medians = (t: Tally) =>
      Object.entries(t.latencyByKind)
        .map(([k, v]) => `${k} ${round(percentile(v, 50))}`)
        .join(', ')
    const bulkNote = bulk
      .map((b, i) => `${i ? 'TTL change' : 'delete'}: ${b.done} of ${BULK_RECORDS} in ${round(b.ms / 1000)} s, ${b.waits} waits (${b.waitedS} s)${b.refusedOther ? `, ${b.refusedOther} other 429s` : ''}`)
      .join('; ')
    return [
      {
        metric: `${label}: page views`,
        value: team.pageViews,
        unit: '',
        note: `${PEOPLE} people (${SCOPED} with 3 zones), a page every ${PACE.thinkMinMs / 1000}–${PACE.thinkMaxMs / 1000} s, for ${PACE.durationMs / 1000} s, 2 instances: ${JSON.stringify(team.byKind)}`,
      },
      { metric: `${label}: upstream calls per page view`, value: round(calls / team.pageViews), unit: '', goal: off ? undefined : { op: '<=', value: 1.5 }, note: `${calls} calls for the page views (${JSON.stringify(byPath)}; the bulk jobs' ${bulkCalls} apart)` },
      { metric: `${label}: 429s reaching a person`, value: team.refused, unit: '', goal: off ? undefined : { op: '<=', value: 0 }, note: `other than the budget's waits; statuses ${JSON.stringify(team.statuses)}` },
      { metric: `${label}: stale answers`, value: team.stale, unit: '', note: 'zone lists and zones answered from what an instance keeps, past their time, while the budget was low or spent' },
      { metric: `${label}: waits`, value: team.waits, unit: '', note: `the budget's 10430 answers to a person (${team.waitedS} s of retry-after in all; a read asks again after it)` },
      { metric: `${label}: the service's limit hit`, value: serviceRefused > 0 ? 1 : 0, unit: 'yes=1', goal: off ? undefined : { op: '<=', value: 0 }, note: `${serviceRefused} calls refused by the service; ${ofToken(start0).length} of the window's 1,200 spent` },
      {
        metric: `${label}: median page view ÷ one person alone`,
        value: round(median(team) / median(alone)),
        unit: '×',
        goal: off || STRESS ? undefined : { op: '<=', value: 1.5 },
        note: `${round(median(team))} ms vs ${round(median(alone))} ms (p95 ${round(percentile(team.latencies, 95))} ms); medians by kind, team: ${medians(team)}; alone: ${medians(alone)}`,
      },
      { metric: `${label}: bulk jobs`, value: bulk.reduce((a, b) => a + b.done, 0), unit: 'records', note: bulk.length ? bulkNote : 'not started (run too short)' },
    ]
  } finally {
    await Promise.all(instances.map((s) => s.close()))
    await Promise.all(stores.map((s) => s.close()))
  }
}

export async function run(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-bench-team-'))
  const sb = await startSandbox()
  const missing = postgresMissing()
  const pg = missing ? undefined : await startPostgres()
  const rows: Row[] = []
  try {
    const where = async () => ({ dataDir: mkdtempSync(join(dir, 's-')), databaseUrl: pg ? await pg.createDatabase() : undefined })
    // Warm-up with a token of its own (the sandbox counts per token): the first scenario should not
    // pay for the sandbox's first sorts of the 20,000 zones alone.
    for (const path of ['/zones?per_page=20&order=name', '/zones?name=contains:team-01', `/zones/${SEED_ZONES.demo.id}/dns_records?per_page=50`, `/zones/${SEED_ZONES.demo.id}/page_shield/scripts?per_page=25`]) {
      for (let i = 0; i < 3; i++) await (await fetch(`${sb.url}/client/v4${path}`, { headers: { authorization: 'Bearer team-token-warm-up-0123456789' } })).arrayBuffer()
    }
    rows.push({ metric: 'store', value: null, unit: '', note: `${pg ? 'PostgreSQL' : `one SQLite file (${missing})`}; the sandbox in its own process; zone lists kept ${API_CACHE_DEFAULT_MS / 1000} s (API_CACHE_MS)` })
    // Each scenario spends its own token's budget (the sandbox counts per token).
    if (STRESS) rows.push(...(await scenario('stress, with the budget', 'team-token-stress-0123456789', sb, await where(), false)))
    else {
      rows.push(...(await scenario('with the budget', 'team-token-with-budget-0123456789', sb, await where(), false)))
      rows.push(...(await scenario('baseline, no budget', 'team-token-baseline-0123456789', sb, await where(), true)))
    }
  } finally {
    await sb.close()
    pg?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return rows
}
