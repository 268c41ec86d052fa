import { Hono } from 'hono'
import { openDatabase } from './db'
import { ApiError, errorEnvelope } from './http'
import { rng } from './ids'
import type { Db, EmulatorContext } from './module'
import { emulatorModules } from './modules'
import { seedSdkFixtures } from './sdk-seed'

export interface Emulator {
  /** The API, with paths relative to the base (`/zones`, `/zones/:id/dns_records`...). */
  app: Hono
  db: Db
  ctx: EmulatorContext
  /** Empties every table and seeds the demo data again. */
  reset: () => void
  close: () => void
}

export interface EmulatorOptions {
  /** SQLite file, or ":memory:". */
  file: string
  /** Reset to the demo seed even if the database already holds data. */
  reset?: boolean
  /** Skip the demo seed entirely (unit tests that build their own data). */
  seed?: boolean
  /** `sdk`: the demo data plus the SDK test suite's fixed ids (see sdk-seed.ts). */
  fixtures?: 'sdk'
  now?: () => Date
}

const SEED_MARK = 'zonekeeper_seed'

export function createEmulator(options: EmulatorOptions): Emulator {
  const db = openDatabase(options.file)
  const ctx: EmulatorContext = { db, now: options.now ?? (() => new Date()) }
  db.exec(`CREATE TABLE IF NOT EXISTS ${SEED_MARK} (seeded_at TEXT NOT NULL)`)
  for (const m of emulatorModules) db.exec(m.schema)

  const reset = () => {
    db.transaction(() => {
      for (const m of [...emulatorModules].reverse()) for (const t of m.tables) db.prepare(`DELETE FROM ${t}`).run()
      db.prepare(`DELETE FROM ${SEED_MARK}`).run()
      const seedCtx = { ...ctx, rng: rng(20261121) }
      for (const m of emulatorModules) m.seed?.(seedCtx)
      if (options.fixtures === 'sdk') seedSdkFixtures(seedCtx)
      db.prepare(`INSERT INTO ${SEED_MARK} (seeded_at) VALUES (?)`).run(ctx.now().toISOString())
    })()
  }

  const seeded = db.prepare(`SELECT 1 FROM ${SEED_MARK} LIMIT 1`).get() !== undefined
  if (options.seed !== false && (options.reset || !seeded)) reset()

  const app = new Hono()
  for (const m of emulatorModules) m.register(app, ctx)
  app.notFound((c) =>
    c.json(
      errorEnvelope([
        { code: 7003, message: `Could not route to ${new URL(c.req.url).pathname}, perhaps your object identifier is invalid?` },
        { code: 7000, message: 'No route for that URI' },
      ]),
      404,
    ),
  )
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorEnvelope(err.errors), err.status)
    console.error('[sandbox] unexpected error:', err)
    return c.json(errorEnvelope([{ code: 10001, message: 'Internal error in the sandbox.' }]), 500)
  })

  return { app, db, ctx, reset, close: () => db.close() }
}
