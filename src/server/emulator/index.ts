import { Hono } from 'hono'
import { escapeControls } from '../http/log-text'
import { openDatabase } from './db'
import { exclusiveGate } from './exclusive'
import { IMPORTS_PER_MINUTE } from './dns/import-limits'
import { ApiError, errorEnvelope } from './http'

/** The sandbox's answer to a write its database had no room for (the dashboard's "too large" code). */
export const STORAGE_FULL_CODE = 10413
import type { Db, EmulatorContext } from './module'
import { emulatorModules } from './modules'
import { aroundRequests, registerModules } from './table-routes'
import {
  createSeedTables,
  isSeeded,
  clearScalePending,
  markLargeAccountPending,
  scalePending,
  scaleZoneIds,
  seedDemo,
  seedInBackground,
  seedScale,
  seedScaleInBackground,
  type BackgroundSeed,
} from './seed'
import { rng } from './ids'
import { seedSdkFixtures } from './sdk-seed'
import { guardReach } from './estate/reach'

export interface Emulator {
  /** The API, with paths relative to the base (`/zones`, `/zones/:id/dns_records`...). */
  app: Hono
  db: Db
  ctx: EmulatorContext
  /**
   * Empties every table and writes all the demo data again; settles when it is in. With a database
   * file and `scaleInBackground`, a worker thread does the writing, so the server keeps answering;
   * meanwhile every sandbox request waits, and goes on the moment the reset is in (so it sees the
   * new data, never half of it). Otherwise it is done before returning.
   */
  reset: () => Promise<void>
  /** Settles once every zone is written (at once unless the scale-test zones are seeded in the background). */
  ready: Promise<void>
  /** Zones whose demo data is still being written (requests about them wait until it is). */
  preparing: () => string[]
  close: () => void
}

export interface EmulatorOptions {
  /** SQLite file, or ":memory:". */
  file: string
  /** A serialized database to open in memory instead of `file` (a practice copy from the shared store). */
  image?: Buffer
  /** Reset to the demo seed even if the database already holds data. */
  reset?: boolean
  /** Skip the demo seed entirely (unit tests that build their own data). */
  seed?: boolean
  /**
   * Write the scale-test zones (10,000 DNS records, 20,000 scripts) in a worker thread after
   * returning, so the server answers at once (npm start). Default: written before returning.
   */
  scaleInBackground?: boolean
  /** `sdk`: the demo data plus the SDK test suite's fixed ids (see sdk-seed.ts). */
  fixtures?: 'sdk'
  /**
   * SANDBOX_SEED=large: a large account, 20,000 more zones in the demo account, written with the
   * scale-test zones (by the worker on a fresh start, so start stays fast).
   */
  largeAccount?: boolean
  now?: () => Date
  /** Zone-file imports a zone may take per minute (default: the service's few, IMPORTS_PER_MINUTE). */
  importsPerMinute?: number
  /**
   * false: the demo data without the scale-test zones (no bigcorp-records.com, no shop-scale.io), for
   * the cheap per-person practice sandboxes. Default: with them.
   */
  scaleZones?: boolean
}

/** Removes the scale-test zones and everything in them (their rows cascade), and their pending mark. */
function withoutScaleZones(db: Db): void {
  const ids = scaleZoneIds()
  db.transaction(() => {
    db.prepare(`DELETE FROM zones WHERE id IN (${ids.map(() => '?').join(', ')})`).run(...ids)
    clearScalePending(db)
  })()
}

export function createEmulator(options: EmulatorOptions): Emulator {
  const db = openDatabase(options.file, options.image)
  const ctx: EmulatorContext = {
    db,
    now: options.now ?? (() => new Date()),
    importsPerMinute: options.importsPerMinute ?? IMPORTS_PER_MINUTE,
    exclusive: exclusiveGate(),
  }
  createSeedTables(db)
  for (const m of emulatorModules) db.exec(m.schema)

  const withScale = options.scaleZones !== false
  const background = withScale && options.scaleInBackground === true && options.file !== ':memory:'
  let preparing: string[] = []
  let worker: BackgroundSeed | undefined
  let ready = Promise.resolve()
  let closed = false
  const startScale = () => {
    if (!background) return seedScale(ctx)
    preparing = scaleZoneIds()
    worker = seedScaleInBackground(options.file, ctx.now())
    ready = worker.done
      .catch((err: unknown) => {
        if (closed) return // stopped on purpose; the next start finishes the zones
        // A worker that cannot start (or failed): write the zones here instead.
        console.error('[sandbox] background seed failed, seeding now:', err instanceof Error ? err.message : err)
        seedScale(ctx)
      })
      .finally(() => {
        preparing = []
        worker = undefined
      })
  }

  // The demo data, plus the SDK suite's fixed ids when asked (SANDBOX_SEED=sdk).
  const large = withScale && options.largeAccount === true
  const seed = (scale: boolean) => {
    seedDemo(ctx, { scale: scale && withScale, large })
    if (!withScale) withoutScaleZones(db)
    if (options.fixtures === 'sdk') db.transaction(() => seedSdkFixtures({ ...ctx, rng: rng(20261121) }))()
  }
  // On a start of a seeded sandbox the large account is marked first: one that finds the scale-test
  // zones still pending (a stop mid-seed) must not skip it.
  if (options.seed !== false && (options.reset || !isSeeded(db))) {
    seed(!background)
    if (background) startScale()
  } else if (options.seed !== false && withScale && ((large && markLargeAccountPending(db)) || scalePending(db))) startScale()

  let resetting: Promise<void> | undefined
  const resetInWorker = async () => {
    await ready // a background seed of the scale-test zones finishes first
    if (closed) return
    const job = seedInBackground({ file: options.file, now: ctx.now().toISOString(), job: 'reset', fixtures: options.fixtures, large })
    worker = job
    await job.done
      .catch((err: unknown) => {
        if (closed) return
        console.error('[sandbox] background reset failed, resetting now:', err instanceof Error ? err.message : err)
        seed(true)
      })
      .finally(() => (worker = undefined))
  }
  // Resets asked for while one runs share it. In memory (unit tests) no worker can reach the data:
  // the reset is done before returning.
  const reset = (): Promise<void> => {
    if (!background) return Promise.resolve(seed(true))
    return (resetting ??= resetInWorker().finally(() => (resetting = undefined)))
  }

  const app = new Hono()
  // While a worker writes, requests wait for it rather than see half of its work: during a reset,
  // every request; while the scale-test zones are written, requests about them, and all writes (the
  // worker holds SQLite's write lock; waiting here keeps the event loop free).
  // Behind sliced work that must look atomic (a large DNS batch), every other request waits.
  // The error answer: the API's envelope. Both apply to calls straight to a handler too (table-routes.ts).
  aroundRequests(app, {
    before: async (c) => {
      if (resetting) await resetting
      const pathname = new URL(c.req.url).pathname
      if (worker && preparing.length) {
        const zoneId = /^\/zones\/([0-9a-f]{32})\//.exec(pathname)?.[1]
        if (c.req.method !== 'GET' || (zoneId && preparing.includes(zoneId))) await ready
      }
      await ctx.exclusive?.wait()
      // What the request's credential reaches: zones and accounts outside it are refused here, once.
      guardReach(c, db, pathname)
    },
    onError: (err, c) => {
      if (err instanceof ApiError) return c.json(errorEnvelope(err.errors), err.status)
      // A database with a page limit (a practice copy at its quota) or a full disk: the write was rolled back.
      if ((err as { code?: unknown }).code === 'SQLITE_FULL') return c.json(errorEnvelope([{ code: STORAGE_FULL_CODE, message: 'No room left for this change: the data is at its size limit. Nothing of it was kept.' }]), 413)
      console.error(`[sandbox] unexpected error: ${escapeControls(err instanceof Error ? (err.stack ?? err.message) : String(err))}`)
      return c.json(errorEnvelope([{ code: 10001, message: 'Internal error in the sandbox.' }]), 500)
    },
  })
  // Each module's extra routes, then its handlers of the shared endpoint table (see table-routes.ts).
  registerModules(app, emulatorModules, ctx)
  app.notFound((c) =>
    c.json(
      errorEnvelope([
        { code: 7003, message: `Could not route to ${new URL(c.req.url).pathname}, perhaps your object identifier is invalid?` },
        { code: 7000, message: 'No route for that URI' },
      ]),
      404,
    ),
  )

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
      closed = true
      void worker?.stop()
      db.close()
    },
  }
}
