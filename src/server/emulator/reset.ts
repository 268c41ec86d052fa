import { rng } from './ids'
import type { Db } from './module'
import { emulatorModules } from './modules'

const SEED_MARK = 'zonekeeper_seed'

export function createSchema(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${SEED_MARK} (seeded_at TEXT NOT NULL)`)
  for (const m of emulatorModules) db.exec(m.schema)
}

export const isSeeded = (db: Db) => db.prepare(`SELECT 1 FROM ${SEED_MARK} LIMIT 1`).get() !== undefined

/** Empties every table and seeds the demo data, in one transaction. */
export function seedDemo(db: Db, now: Date): void {
  db.transaction(() => {
    for (const m of [...emulatorModules].reverse()) for (const t of m.tables) db.prepare(`DELETE FROM ${t}`).run()
    db.prepare(`DELETE FROM ${SEED_MARK}`).run()
    const seedCtx = { db, now: () => now, rng: rng(20261121) }
    for (const m of emulatorModules) m.seed?.(seedCtx)
    db.prepare(`INSERT INTO ${SEED_MARK} (seeded_at) VALUES (?)`).run(now.toISOString())
  })()
}
