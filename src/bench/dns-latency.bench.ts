// Sandbox DNS list latency on bigcorp-records.com (10,000 records), through the real HTTP server
// and the dashboard's door (/api/v4), with and without filters. Own throw-away DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmulator } from '../server/emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { load } from './support/http-load'
import { benchConfig, startBenchServer } from './support/servers'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'dns-latency'

const SAMPLES = 200
const WARM_UP = 20

const CASES: [string, string][] = [
  ['no filter', ''],
  ['type=A', '?type=A'],
  ['name.contains=app', '?name.contains=app'],
  ['content.startswith=52.', '?content.startswith=52.'],
  ['search=mail', '?search=mail'],
  ['tag=env:production', '?tag=env:production'],
  ['type=A,AAAA & proxied=true', '?type=A&type=AAAA&proxied=true'],
  ['order=content desc, page 40', '?order=content&direction=desc&page=40'],
]

export async function run(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-dns-'))
  const emulator = createEmulator({ file: join(dataDir, 'sandbox.sqlite') })
  const server = await startBenchServer({ config: benchConfig({ dataDir }), emulator })
  const rows: Row[] = []
  try {
    const base = `${server.url}/api/v4/zones/${SEED_ZONES.large.id}/dns_records`
    const probe = await fetch(base)
    const body = (await probe.json()) as { result_info?: { total_count?: number } }
    if (probe.status !== 200) throw new Error(`the DNS list answered HTTP ${probe.status}`)
    rows.push({ metric: 'records in the zone', value: body.result_info?.total_count ?? null, unit: '' })
    for (const [label, query] of CASES) {
      await load(base + query, { concurrency: 1, maxRequests: WARM_UP, maxMs: 10_000 })
      const r = await load(base + query, { concurrency: 1, maxRequests: SAMPLES, maxMs: 20_000 })
      const note = r.failures ? `${r.failures} failed (${JSON.stringify(r.statuses)})` : `${r.requests} requests`
      rows.push({
        metric: `list p50, ${label}`,
        value: round(percentile(r.latencies, 50)),
        unit: 'ms',
        goal: { op: '<', value: 10 },
        note,
      })
      rows.push({ metric: `list p99, ${label}`, value: round(percentile(r.latencies, 99)), unit: 'ms' })
    }
  } finally {
    await server.close()
    emulator.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}
