import type { EmulatorContext, EmulatorModule, SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'
import type { TableRouter } from '../table-routes'
import { connectionHandlers } from './connections'
import { cookieHandlers } from './cookies'
import { policyHandlers } from './policies'
import { pageShieldSchema, pageShieldTables } from './schema'
import { scriptHandlers } from './scripts'
import { seedPageShieldDemo } from './seed'
import { seedPageShieldScale } from './seed-scale'
import { settingsHandlers } from './settings'

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
  // Every page-security route the sandbox has is one the dashboard uses: all in the table.
  handlers: (table: TableRouter, ctx: EmulatorContext) => {
    settingsHandlers(table, ctx)
    scriptHandlers(table, ctx)
    connectionHandlers(table, ctx)
    cookieHandlers(table, ctx)
    policyHandlers(table, ctx)
  },
}
