import { Hono } from 'hono'
import { escapeControls } from '../log-text'
import { openDatabase } from './db'
import { IMPORTS_PER_MINUTE } from './dns/import-limits'
import { ApiError, errorEnvelope } from './http'
import type { Db, EmulatorContext } from './module'
import { emulatorModules } from './modules'
import { createSeedTables, isSeeded, scalePending, scaleZoneIds, seedDemo, seedScale, seedScaleInBackground, type BackgroundSeed } from './seed'

export interface Emulator {
  /** The API, with paths relative to the base (`/zones`, `/zones/:id/dns_records`...). */
  app: Hono
  db: Db
  ctx: EmulatorContext
  /** Empties every table and seeds the demo data again (all of it; call it once `ready` settled). */
  reset: () => void
  /** Settles once every zone is written (at once unless the scale-test zones are seeded in the background). */
  ready: Promise<void>
  /** Zones whose demo data is still being written (requests about them wait until it is). */
  preparing: () => string[]
  close: () => void
}

export interface EmulatorOptions {
  /** SQLite file, or ":memory:". */
  file: string
  /** Reset to the demo seed even if the database already holds data. */
  reset?: boolean
  /** Skip the demo seed entirely (unit tests that build their own data). */
  seed?: boolean
  /**
   * Write the scale-test zones (10,000 DNS records, 20,000 scripts) in a worker thread after
   * returning, so the server answers at once (npm start). Default: written before returning.
   */
  scaleInBackground?: boolean
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
  createSeedTables(db)
  for (const m of emulatorModules) db.exec(m.schema)

  const background = options.scaleInBackground === true && options.file !== ':memory:'
  let preparing: string[] = []
  let worker: BackgroundSeed | undefined
  let ready = Promise.resolve()
  const startScale = () => {
    if (!background) return seedScale(ctx)
    preparing = scaleZoneIds()
    worker = seedScaleInBackground(options.file, ctx.now())
    ready = worker.done
      .catch((err: unknown) => {
        // A worker that cannot start (or failed): write the zones here instead.
        console.error('[sandbox] background seed failed, seeding now:', err instanceof Error ? err.message : err)
        seedScale(ctx)
      })
      .finally(() => {
        preparing = []
        worker = undefined
      })
  }

  if (options.seed !== false && (options.reset || !isSeeded(db))) {
    seedDemo(ctx, { scale: !background })
    if (background) startScale()
  } else if (options.seed !== false && scalePending(db)) startScale()

  // The demo zones at once (tens of ms); with a background seed, the scale-test zones again in the
  // worker thread, so a reset never holds the server for the seconds they take.
  const reset = () => {
    seedDemo(ctx, { scale: !background })
    if (background) startScale()
  }

  const app = new Hono()
  app.use('/zones/:zone_id/*', async (c, next) => {
    if (preparing.includes(c.req.param('zone_id'))) await ready
    await next()
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

  return {
    app,
    db,
    ctx,
    reset,
    get ready() {
      return ready
    },
    preparing: () => [...preparing],
    close: () => {
      void worker?.stop()
      db.close()
    },
  }
}
