import { Hono } from 'hono'
import { openDatabase } from '../../server/emulator/db'
import { ApiError, errorEnvelope } from '../../server/emulator/http'
import { rng } from '../../server/emulator/ids'
import type { EmulatorContext } from '../../server/emulator/module'
import { registerModules } from '../../server/emulator/table-routes'
import { zonesModule } from '../../server/emulator/zones'
import { pageShieldModule } from '../../server/emulator/page-shield'
import { seedPageShieldDemo } from '../../server/emulator/page-shield/seed'

/**
 * For unit tests: the zones and page-security areas alone, in memory, with the same error handling
 * as the full sandbox. `seed: false` leaves the page-security tables empty, `'demo'` seeds only example.com (zones are always seeded).
 */
export function pageShieldTestApp(options: { seed?: boolean | 'demo'; now?: () => Date } = {}) {
  const db = openDatabase(':memory:')
  const ctx: EmulatorContext = { db, now: options.now ?? (() => new Date('2026-03-01T12:00:00Z')) }
  db.exec(zonesModule.schema)
  db.exec(pageShieldModule.schema)
  db.transaction(() => {
    const seedCtx = { ...ctx, rng: rng(1) }
    zonesModule.seed?.(seedCtx)
    if (options.seed === 'demo') seedPageShieldDemo(db, ctx.now())
    else if (options.seed !== false) {
      pageShieldModule.seed?.(seedCtx)
      pageShieldModule.scale?.seed(seedCtx)
    }
  })()
  const app = new Hono()
  registerModules(app, [zonesModule, pageShieldModule], ctx)
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorEnvelope(err.errors), err.status)
    throw err
  })
  return { app, db, ctx }
}
