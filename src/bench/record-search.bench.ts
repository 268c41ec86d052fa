// The search across zones (GET /api/local/search/records) over a record index of 1,000,000 records
// in 20,000 zones on SQLite, against the 10,000-record zone's DNS list (bigcorp-records.com, through
// the same server's door) measured in the same run: the goal is a ratio, so a busy machine slows both.
// Own throw-away DATA_DIR; `npm run bench -- record-search` runs only this one.
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEmulator } from '../server/emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { createStore, STORE_FILE } from '../server/store'
import { load } from './support/http-load'
import { benchConfig, startBenchServer } from './support/servers'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'record-search'

const ZONES = 20_000
const PER_ZONE = 50
const SAMPLES = 200
const WARM_UP = 20

/** A deterministic spread: an address appears in a few zones, as a shared origin or office IP would. */
const ip = (z: number, i: number) => {
  const n = (z * 7919 + i * 104_729) % 16_000_000
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/**
 * Fills the index straight in its SQLite file, as the migrated store left it: one prepared INSERT per
 * row in transactions of one zone list's worth (the FTS5 trigram table is kept by the same triggers
 * as in production, so its cost is paid here, not skipped), then the 20,000 zones marked read.
 */
function fill(dataDir: string): number {
  const db = new Database(join(dataDir, STORE_FILE))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const record = db.prepare(
    `INSERT INTO record_index (owner, zone_id, zone_name, account_id, record_id, type, name, content, proxied, ttl, comment, tags, read_at)
     VALUES ('sandbox', ?, ?, 'bench-account', ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  )
  const zone = db.prepare(
    `INSERT INTO record_index_zones (owner, zone_id, zone_name, account_id, read_at, record_count, modified_at, listed_at) VALUES ('sandbox', ?, ?, 'bench-account', ?, ?, NULL, ?)`,
  )
  const at = Date.now()
  const batch = db.transaction((from: number, to: number) => {
    for (let z = from; z < to; z++) {
      const zoneId = z.toString(16).padStart(32, '0')
      const zoneName = `zone-${z}.example`
      for (let i = 0; i < PER_ZONE; i++) {
        const type = i % 10 === 0 ? 'CNAME' : i % 10 === 1 ? 'MX' : 'A'
        const content = type === 'CNAME' ? `origin-${z % 500}.cdn.example` : type === 'MX' ? `mx${i % 3}.mail.example` : ip(z, i)
        const comment = i % 10 === 2 ? `ticket ${z * PER_ZONE + i}` : ''
        const tags = i % 10 === 3 ? 'env:production\nteam:web' : ''
        record.run(zoneId, zoneName, `r${z}-${i}`, type, `host-${i}.${zoneName}`, content, type === 'MX' ? null : i % 2, comment, tags, at)
      }
      zone.run(zoneId, zoneName, at, PER_ZONE, at)
    }
  })
  for (let z = 0; z < ZONES; z += 500) batch(z, Math.min(ZONES, z + 500))
  const n = (db.prepare('SELECT count(*) AS n FROM record_index').get() as { n: number }).n
  db.close()
  return n
}

export async function run(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-search-'))
  const rows: Row[] = []
  // Migrated once by the store itself, then filled outside it.
  const store = createStore({ dataDir })
  await store.open()
  await store.close()
  const t0 = performance.now()
  const count = fill(dataDir)
  rows.push({ metric: 'records in the index (bulk insert)', value: count, unit: '', note: `${ZONES} zones, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s` })
  const emulator = createEmulator({ file: join(dataDir, 'sandbox.sqlite') })
  const server = await startBenchServer({ config: benchConfig({ dataDir }), emulator })
  try {
    const list = `${server.url}/api/v4/zones/${SEED_ZONES.large.id}/dns_records`
    const search = `${server.url}/api/local/search/records`
    // What people look for: an address, part of one, a host name, a comment, a tag, a type with text.
    const queries = [
      `?q=${ip(1234, 5)}&field=content`,
      `?q=10.20.3&field=content`,
      `?q=${ip(77, 9)}`,
      `?q=host-7.zone-1999`,
      `?q=ticket 4242&field=comment`.replace(' ', '%20'),
      `?q=origin-42.cdn&field=content&type=CNAME`,
      `?q=env:production&field=tag&type=A`,
    ]
    const probe = await fetch(search + queries[0])
    if (probe.status !== 200) throw new Error(`the search answered HTTP ${probe.status}`)
    // Both warmed, then measured in turns (list, search, list, search) so both see the same machine.
    await load(list, { concurrency: 1, maxRequests: WARM_UP, maxMs: 10_000 })
    await load(search, { concurrency: 1, maxRequests: WARM_UP, maxMs: 30_000, queries })
    const listed: number[] = []
    const searched: number[] = []
    for (let turn = 0; turn < 4; turn++) {
      listed.push(...(await load(list, { concurrency: 1, maxRequests: SAMPLES / 4, maxMs: 20_000 })).latencies)
      const r = await load(search, { concurrency: 1, maxRequests: SAMPLES / 4, maxMs: 60_000, queries })
      if (r.failures) throw new Error(`${r.failures} searches failed (${JSON.stringify(r.statuses)})`)
      searched.push(...r.latencies)
    }
    const listP50 = percentile(listed, 50)
    const p50 = percentile(searched, 50)
    const p99 = percentile(searched, 99)
    rows.push({ metric: 'DNS list p50, 10,000-record zone', value: round(listP50), unit: 'ms', note: `p99 ${round(percentile(listed, 99))} ms, ${listed.length} requests` })
    rows.push({ metric: 'search p50', value: round(p50), unit: 'ms', note: `p99 ${round(p99)} ms, ${searched.length} searches over ${queries.length} queries` })
    rows.push({ metric: 'search p50 ÷ DNS list p50', value: round(p50 / listP50), unit: '×', goal: { op: '<=', value: 3 } })
    rows.push({ metric: 'search p99 ÷ DNS list p50', value: round(p99 / listP50), unit: '×', goal: { op: '<=', value: 10 } })
  } finally {
    await server.close()
    emulator.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}
