import Database from 'better-sqlite3'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { fromAddress } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { LOCAL_PRACTICE_COOKIE } from './routes'
import { copyBytes } from './sandboxes'

/**
 * Practice cannot exhaust the disk. The local administrator (nobody defined yet)
 * practises in sandbox mode (its switch is a cookie); the copies live under a real DATA_DIR so their
 * size, and the store's, can be measured on disk.
 */
const DEMO = SEED_ZONES.demo
const PRACTISING = `${LOCAL_PRACTICE_COOKIE}=1`
const dirs: string[] = []
type App = ReturnType<typeof createApp>

function setUp(overrides: Parameters<typeof testConfig>[0] = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-practice-limits-'))
  dirs.push(dataDir)
  // The store's clock is read at every call, so a test may move it (vi.setSystemTime).
  const store = createStore({ dataDir, now: () => Date.now() })
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig({ dataDir, ...overrides }), emulator, store })
  return { app, store, emulator, dataDir }
}
afterEach(() => {
  vi.useRealTimers()
})
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const call = (app: App, path: string, init: RequestInit = {}, cookie = PRACTISING) =>
  app.request(
    path,
    { ...init, headers: { ...(init.method && init.method !== 'GET' ? { 'x-zonekeeper-request': '1' } : {}), ...(init.headers as object), cookie } },
    fromAddress('127.0.0.1'),
  )
const records = (zoneId = DEMO.id) => `/api/v4/zones/${zoneId}/dns_records`
const addRecord = (app: App, name: string) =>
  call(app, records(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'A', name, content: '192.0.2.80', ttl: 300, proxied: false }),
  })

/** A BIND file of about 256 KiB (just under the service's limit) with names of its own. */
function zoneFile(zone: string, tag: string): string {
  const lines: string[] = []
  let size = 0
  for (let i = 0; size < 255 * 1024; i++) {
    const line = `i${tag}-r${i}.${zone}. 300 IN A 192.0.2.${i % 250}\n`
    lines.push(line)
    size += line.length
  }
  return lines.join('')
}
const importFile = (app: App, zoneId: string, text: string) => {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  return call(app, `${records(zoneId)}/import`, { method: 'POST', body: form })
}
const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0)
/** The store's data in bytes: its pages in use, the write-ahead log's included, free pages not. */
function storeBytes(dataDir: string): number {
  const db = new Database(join(dataDir, 'dashboard.sqlite'), { readonly: true })
  try {
    return copyBytes(db)
  } finally {
    db.close()
  }
}

describe('practice limits', () => {
  it('a copy past its quota refuses writes with a 413 that says what to do; deletes still pass', async () => {
    const { app, emulator } = setUp({ practiceQuotaMb: 1 })
    const zones = [SEED_ZONES.demo.id, SEED_ZONES.pending.id, SEED_ZONES.moved.id]
    let full: Response | undefined
    for (let i = 0; i < 6 && !full; i++) {
      const r = await importFile(app, zones[i % 3], zoneFile(i % 3 === 0 ? DEMO.name : i % 3 === 1 ? SEED_ZONES.pending.name : SEED_ZONES.moved.name, String(i)))
      if (r.status === 413) full = r
      else expect(r.status).toBe(200)
    }
    expect(full?.status).toBe(413)
    const body = (await full!.json()) as { errors: { code: number; message: string }[] }
    expect(body.errors[0].message).toMatch(/^Your practice copy is full: it takes \d+\.\d MiB and may take at most 1 MiB\. Delete what you no longer need, or reset your practice data/)
    expect((await addRecord(app, 'one-more')).status).toBe(413)
    const some = ((await (await call(app, `${records()}?per_page=5`)).json()) as { result: { id: string }[] }).result[0]
    expect((await call(app, `${records()}/${some.id}`, { method: 'DELETE' })).status).toBe(200)
    // The shared sandbox got none of it.
    expect(emulator.db.prepare("SELECT count(*) FROM dns_records WHERE name LIKE 'i0-r%'").pluck().get()).toBe(0)
  }, 60_000)

  it("a practising person's writes past PRACTICE_WRITE_LIMIT get the service's 429 with retry-after; imports are limited per person", async () => {
    const { app } = setUp({ practiceWriteLimit: { quota: 8, windowSeconds: 60 } })
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await addRecord(app, `rate-${i}`)).status)
    expect(statuses).toEqual(Array(8).fill(200))
    const refused = await addRecord(app, 'rate-over')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('ratelimit-policy')).toBe('"practice";q=8;w=60')
    expect(((await refused.json()) as { errors: { code: number }[] }).errors[0].code).toBe(971)
    // Reads are not counted.
    expect((await call(app, records())).status).toBe(200)

    const other = setUp()
    const zones = [SEED_ZONES.demo, SEED_ZONES.pending, SEED_ZONES.moved]
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await importFile(other.app, zones[i % 3].id, `imp${i}.${zones[i % 3].name}. 300 IN A 192.0.2.1\n`)).status)
    // Five a minute per person, across zones (the emulator alone allows five per zone).
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
  }, 60_000)

  it("a reset removes the person's practice entries, and the audit chain still verifies", async () => {
    const { app, store } = setUp()
    expect((await addRecord(app, 'entry-1')).status).toBe(200)
    expect((await addRecord(app, 'entry-2')).status).toBe(200)
    // A sandbox write (not practising) is an entry of the chain.
    const sandboxWrite = await call(app, records(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: 'shared-2', content: '192.0.2.81', ttl: 300, proxied: false }),
    }, '')
    expect(sandboxWrite.status).toBe(200)
    const practiceEntries = () => store.audit.count({ practice: { personId: null } })
    expect(await practiceEntries()).toBe(2)
    const reset = await call(app, '/api/local/practice/reset', { method: 'POST' })
    expect(reset.status).toBe(200)
    expect(((await reset.json()) as { result: { entriesRemoved: number } }).result.entriesRemoved).toBe(2)
    // What is left: the reset's own entry.
    expect(await practiceEntries()).toBe(1)
    expect(await store.audit.count({ practice: false })).toBe(1)
    expect((await store.audit.verify()).ok).toBe(true)
    const names = ((await (await call(app, `${records()}?per_page=500`)).json()) as { result: { name: string }[] }).result.map((r) => r.name)
    expect(names).not.toContain(`entry-1.${DEMO.name}`)
  })

  it('20 practice imports of 256 KiB: the store grows by a summary per import, the copy stays within its quota', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    // 16 MiB rather than the default 64 keeps the test short (each such import adds about 5 MiB to a copy).
    const { app, dataDir, store } = setUp({ practiceQuotaMb: 16 })
    const zones = [SEED_ZONES.demo, SEED_ZONES.pending, SEED_ZONES.moved]
    expect((await call(app, records())).status).toBe(200) // the copy is made
    const storeBefore = storeBytes(dataDir)
    const copyBefore = bytesUnder(join(dataDir, 'practice'))
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const zone = zones[i % 3]
      statuses.push((await importFile(app, zone.id, zoneFile(zone.name, String(i)))).status)
      vi.setSystemTime(Date.now() + 61_000) // past the service's import limit each time
    }
    const storeAfter = storeBytes(dataDir)
    const entries = await store.audit.count({ practice: { personId: null } })
    const copyAfter = bytesUnder(join(dataDir, 'practice'))
    const copyFile = readdirSync(join(dataDir, 'practice'))
      .filter((f) => f.endsWith('.sqlite'))
      .reduce((n, f) => n + statSync(join(dataDir, 'practice', f)).size, 0)
    const mib = (n: number) => (n / 1024 / 1024).toFixed(2)
    console.log(
      `20 practice imports of 256 KiB: ${statuses.filter((s) => s === 200).length} applied, ${statuses.filter((s) => s === 413).length} refused as over the quota, ${entries} practice entries; ` +
        `store ${mib(storeBefore)} -> ${mib(storeAfter)} MiB, practice copy ${mib(copyBefore)} -> ${mib(copyAfter)} MiB on disk (database file ${mib(copyFile)} MiB, the rest its write-ahead log)`,
    )
    expect(statuses.every((s) => s === 200 || s === 413)).toBe(true)
    // Every attempt is an entry (refusals too), each a summary, never the records or a restore point.
    expect(entries).toBe(20)
    expect(storeAfter - storeBefore).toBeLessThan(20 * 16 * 1024)
    expect(statuses.filter((s) => s === 413).length).toBeGreaterThan(10)
    // The quota bounds the file: no write takes it past 16 MiB, not even the import let in just below
    // it (each adds about 5 MiB); one stopped by the bound leaves none of its records behind.
    expect(copyFile).toBeLessThanOrEqual(16 * 1024 * 1024)
    // On disk beside it: the write-ahead log, emptied after each write, and SQLite's 32 KiB index of it.
    expect(copyAfter).toBeLessThanOrEqual(16 * 1024 * 1024 + 64 * 1024)
    const file = readdirSync(join(dataDir, 'practice')).find((f) => f.endsWith('.sqlite'))!
    const copy = new Database(join(dataDir, 'practice', file), { readonly: true })
    try {
      const kept = statuses.map((_, i) => Number(copy.prepare("SELECT count(*) FROM dns_records WHERE name LIKE ? || '-r%'").pluck().get(`i${i}`)))
      expect(kept.map((n, i) => (statuses[i] === 200 ? n > 0 : n === 0))).toEqual(statuses.map(() => true))
    } finally {
      copy.close()
    }
  }, 300_000)
})
