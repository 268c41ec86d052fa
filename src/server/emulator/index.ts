import { Hono } from 'hono'
import { escapeControls } from '../log-text'
import { openDatabase } from './db'
import { IMPORTS_PER_MINUTE } from './dns/import-limits'
import { ApiError, errorEnvelope } from './http'
import { createSchema, isSeeded, seedDemo } from './reset'
import { resetInWorker } from './reset-runner'
import type { Db, EmulatorContext } from './module'
import { emulatorModules } from './modules'

export interface Emulator {
  /** The API, with paths relative to the base (`/zones`, `/zones/:id/dns_records`...). */
  app: Hono
  db: Db
  ctx: EmulatorContext
  /** Empties every table and seeds the demo data again (off the main thread for a file database). */
  reset: () => void | Promise<void>
  close: () => void
}

export interface EmulatorOptions {
  /** SQLite file, or ":memory:". */
  file: string
  /** Reset to the demo seed even if the database already holds data. */
  reset?: boolean
  /** Skip the demo seed entirely (unit tests that build their own data). */
  seed?: boolean
  now?: () => Date
  /** Zone-file imports a zone may take per minute (default: the service's few, IMPORTS_PER_MINUTE). */
  importsPerMinute?: number
}

export function createEmulator(options: EmulatorOptions): Emulator {
  const db = openDatabase(options.file)
  const ctx: EmulatorContext = {
    db,
    now: options.now ?? (() => new Date()),
    importsPerMinute: options.importsPerMinute ?? IMPORTS_PER_MINUTE,
  }
  createSchema(db)

  const resetNow = () => seedDemo(db, ctx.now())
  let resetting: Promise<void> | undefined
  // A file database is reset by a worker thread with its own connection (seeding takes seconds);
  // meanwhile this thread answers other requests, the sandbox's with a 503 (see below).
  const reset = () => {
    if (options.file === ':memory:') return resetNow()
    resetting ??= resetInWorker(options.file).finally(() => (resetting = undefined))
    return resetting
  }

  const seeded = isSeeded(db)
  if (options.seed !== false && (options.reset || !seeded)) resetNow()

  const app = new Hono()
  app.use('*', async (c, next) => {
    if (!resetting) return next()
    c.header('retry-after', '2')
    return c.json(
      errorEnvelope([{ code: 10503, message: 'The sandbox is being reset to the demo data. Try again in a moment.' }]),
      503,
    )
  })
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
    console.error(`[sandbox] unexpected error: ${escapeControls(err instanceof Error ? (err.stack ?? err.message) : String(err))}`)
    return c.json(errorEnvelope([{ code: 10001, message: 'Internal error in the sandbox.' }]), 500)
  })

  return { app, db, ctx, reset, close: () => db.close() }
}
