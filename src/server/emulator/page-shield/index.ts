import type { Hono } from 'hono'
import type { EmulatorContext, EmulatorModule, SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { registerConnectionRoutes } from './connections'
import { registerCookieRoutes } from './cookies'
import { registerPolicyRoutes } from './policies'
import { pageShieldSchema, pageShieldTables } from './schema'
import { registerScriptRoutes } from './scripts'
import { seedPageShieldDemo } from './seed'
import { seedPageShieldScale } from './seed-scale'
import { registerSettingsRoutes } from './settings'

/**
 * Page security (Page Shield): monitoring settings, detected scripts / connections / cookies with the
 * list filters of api-notes §5.2, and content-security policies. The seeds use their own random
 * sequence so other areas' seeds cannot shift this data.
 */
export const pageShieldModule: EmulatorModule = {
  name: 'page-shield',
  schema: pageShieldSchema,
  tables: pageShieldTables,
  seed: ({ db, now }: SeedContext) => {
    const t = now()
    seedPageShieldDemo(db, t)
  },
  scale: { zoneIds: [SEED_ZONES.scripts.id], seed: ({ db, now }: SeedContext) => seedPageShieldScale(db, now()) },
  register: (app: Hono, ctx: EmulatorContext) => {
    registerSettingsRoutes(app, ctx)
    registerScriptRoutes(app, ctx)
    registerConnectionRoutes(app, ctx)
    registerCookieRoutes(app, ctx)
    registerPolicyRoutes(app, ctx)
  },
}
