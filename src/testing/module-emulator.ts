import { Hono } from 'hono'
import { openDatabase } from '../server/emulator/db'
import { ApiError, errorEnvelope } from '../server/emulator/http'
import { rng } from '../server/emulator/ids'
import type { Db, EmulatorContext, EmulatorModule } from '../server/emulator/module'
import { aroundRequests, registerModules } from '../server/emulator/table-routes'
import { zonesModule } from '../server/emulator/zones'

export interface ModuleEmulator {
  app: Hono
  db: Db
  ctx: EmulatorContext
  /** Sets the clock the modules read through ctx.now(). */
  setNow: (d: Date) => void
  close: () => void
}

/** Seeded databases of this test worker, by modules and clock (see createModuleEmulator). */
const seededImages = new Map<string, Buffer>()

/**
 * A sandbox holding only the zones module and the modules under test, seeded, in memory: unit tests
 * of one area then do not depend on (or wait for) every other area's seed. Errors are answered with
 * the same envelope as the full emulator.
 */
export function createModuleEmulator(modules: EmulatorModule[], now = new Date('2026-03-01T12:00:00Z'), { scale = false }: { /** The scale-test zones too (10,000 records, 20,000 scripts): seconds of seeding for each set of modules in each test worker, so only where a test needs them. */ scale?: boolean } = {}): ModuleEmulator {
  const all = [zonesModule, ...modules]
  // The seed is a function of the modules, the clock and a fixed random seed, so the same call gives
  // the same database: the first call in a test worker writes it (the scale-test zones take seconds),
  // later ones open a copy of its image (a fraction of a second). Each caller still gets its own copy.
  const key = `${all.map((m) => m.name).join(',')}@${now.toISOString()}${scale ? '+scale' : ''}`
  const image = seededImages.get(key)
  const db = openDatabase(':memory:', image)
  let clock = now
  const ctx: EmulatorContext = { db, now: () => clock }
  if (!image) {
    for (const m of all) db.exec(m.schema)
    db.transaction(() => {
      const seedCtx = { ...ctx, rng: rng(1) }
      for (const m of all) m.seed?.(seedCtx)
      // The scale-test zones too (the full emulator may write them in the background; tests want them now).
      if (scale) for (const m of all) m.scale?.seed(seedCtx)
    })()
    seededImages.set(key, db.serialize())
  }
  const app = new Hono()
  aroundRequests(app, {
    onError: (err, c) => {
      if (err instanceof ApiError) return c.json(errorEnvelope(err.errors), err.status)
      throw err
    },
  })
  registerModules(app, all, ctx)
  app.notFound((c) => c.json(errorEnvelope([{ code: 7000, message: 'No route for that URI' }]), 404))
  return { app, db, ctx, setNow: (d) => (clock = d), close: () => db.close() }
}

/** The parsed envelope of a response (result typed loosely: tests assert on its shape). */
export interface TestEnvelope {
  success: boolean
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary results
  result: any
  errors: { code: number; message: string; source?: { pointer: string } }[]
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages: number }
}

/** Calls the emulator in-process and parses the envelope. */
export async function call(app: Hono, method: string, path: string, body?: unknown): Promise<{ status: number; body: TestEnvelope }> {
  const res = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as TestEnvelope }
}
