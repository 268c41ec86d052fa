import { Worker } from 'node:worker_threads'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { rng } from './ids'
import type { Db, EmulatorContext } from './module'
import { emulatorModules } from './modules'
import { hasLargeAccount, seedLargeAccount } from './zones/seed'

/**
 * The demo seed. `seedDemo` writes every area's ordinary data (a few hundred rows, tens of ms);
 * `seedScale` the scale-test zones (10,000 DNS records, 20,000 scripts: most of the time). A reset
 * writes both at once; a fresh start writes the first, answers, and has a worker thread write the
 * second on its own connection (`seedScaleInBackground`), one transaction, so nobody sees half of it.
 */

const SEED_MARK = 'zonekeeper_seed'
/** One row while the scale-test zones are still to be written (survives a stop half-way). */
const PENDING = 'zonekeeper_seed_pending'

export function createSeedTables(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${SEED_MARK} (seeded_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS ${PENDING} (part TEXT PRIMARY KEY)`)
}

export const isSeeded = (db: Db) => db.prepare(`SELECT 1 FROM ${SEED_MARK} LIMIT 1`).get() !== undefined
export const clearScalePending = (db: Db) => void db.prepare(`DELETE FROM ${PENDING}`).run()
export const scalePending = (db: Db) => db.prepare(`SELECT 1 FROM ${PENDING} LIMIT 1`).get() !== undefined
const partPending = (db: Db, part: 'scale' | 'large') => db.prepare(`SELECT 1 FROM ${PENDING} WHERE part = ?`).get(part) !== undefined

/**
 * `SANDBOX_SEED=large` on a sandbox seeded without it: marks the large account's 20,000 zones
 * pending (a worker writes them like the scale-test zones). True when something is now pending.
 */
export function markLargeAccountPending(db: Db): boolean {
  if (hasLargeAccount(db)) return scalePending(db)
  db.prepare(`INSERT OR IGNORE INTO ${PENDING} (part) VALUES ('large')`).run()
  return true
}

/** The zones the scale-test data goes into. */
export const scaleZoneIds = (): string[] => emulatorModules.flatMap((m) => m.scale?.zoneIds ?? [])

/**
 * Runs `write` in one transaction with the plain (non-unique) indexes dropped and built again at
 * the end: building an index once over sorted rows is much cheaper than updating it per insert.
 */
function bulk(db: Db, write: () => void): void {
  db.transaction(() => {
    const indexes = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'")
      .all() as { name: string; sql: string }[]
    for (const i of indexes) db.exec(`DROP INDEX "${i.name}"`)
    write()
    // A seed may have made some again already (CREATE INDEX IF NOT EXISTS in a migration).
    const still = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all() as string[])
    for (const i of indexes) if (!still.has(i.name)) db.exec(i.sql)
  })()
}

/**
 * Empties every table and writes the demo data; the scale-test zones (and with `large` the large
 * account's 20,000 zones) too unless `scale` is false (then marked pending).
 */
export function seedDemo(ctx: EmulatorContext, { scale, large = false }: { scale: boolean; large?: boolean }): void {
  const { db } = ctx
  bulk(db, () => {
    for (const m of [...emulatorModules].reverse()) for (const t of m.tables) db.prepare(`DELETE FROM ${t}`).run()
    db.prepare(`DELETE FROM ${SEED_MARK}`).run()
    db.prepare(`DELETE FROM ${PENDING}`).run()
    const seedCtx = { ...ctx, rng: rng(20261121) }
    for (const m of emulatorModules) m.seed?.(seedCtx)
    if (scale) {
      for (const m of emulatorModules) m.scale?.seed(seedCtx)
      if (large) seedLargeAccount(seedCtx)
    } else {
      db.prepare(`INSERT INTO ${PENDING} (part) VALUES ('scale')`).run()
      if (large) db.prepare(`INSERT INTO ${PENDING} (part) VALUES ('large')`).run()
    }
    db.prepare(`INSERT INTO ${SEED_MARK} (seeded_at) VALUES (?)`).run(ctx.now().toISOString())
  })
}

/** Writes the scale-test zones, and the large account's zones, when they are pending (no-op otherwise). */
export function seedScale(ctx: EmulatorContext): void {
  const { db } = ctx
  bulk(db, () => {
    if (!scalePending(db)) return
    const seedCtx = { ...ctx, rng: rng(20261121) }
    if (partPending(db, 'scale')) for (const m of emulatorModules) m.scale?.seed(seedCtx)
    if (partPending(db, 'large')) seedLargeAccount(seedCtx)
    db.prepare(`DELETE FROM ${PENDING}`).run()
  })
}

/**
 * A worker running seed-worker.js beside the compiled server (dist-server/), or, from the sources
 * (npm run dev, Vitest), seed-worker.ts through tsx's loader registered in the worker.
 */
function startWorker(workerData: unknown): Worker {
  const here = fileURLToPath(import.meta.url)
  if (!here.endsWith('.ts')) return new Worker(join(dirname(here), 'seed-worker.js'), { workerData })
  // tsx is resolved from the working directory: the repository's root in `npm run dev` and Vitest.
  const entry = pathToFileURL(join(dirname(here), 'seed-worker.ts')).href
  const code = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(code, { eval: true, workerData })
}

export interface BackgroundSeed {
  done: Promise<void>
  stop: () => Promise<void>
}

/** What a seed worker does: write the pending scale-test zones, or reset everything (see seed-worker.ts). */
export interface SeedJob {
  file: string
  now: string
  job: 'scale' | 'reset'
  fixtures?: 'sdk'
  /** SANDBOX_SEED=large: a reset writes the large account's 20,000 zones too. */
  large?: boolean
}

/** Has a worker thread run `job` on its own connection to the database file; `done` settles when it is in. */
export function seedInBackground(job: SeedJob): BackgroundSeed {
  const worker = startWorker(job)
  const done = new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the seed worker stopped (exit code ${code})`))))
  })
  return { done, stop: async () => void (await worker.terminate()) }
}

/** Has a worker thread write the pending scale-test zones into the database file; `done` settles when they are in. */
export const seedScaleInBackground = (file: string, now: Date): BackgroundSeed =>
  seedInBackground({ file, now: now.toISOString(), job: 'scale' })
