import type { EmulatorModule } from '../module'
import { registerRuleRoutes } from './rule-routes'
import { registerClientRulesetRoutes, rulesetHandlers } from './routes'
import { migrateRulesets, RULESETS_SCHEMA } from './schema'
import { seedRulesets } from './seed'

/** Rulesets of zones and accounts: list, create, read, replace, delete, rules one by one, versions, phase entry points. */
export const rulesetsModule: EmulatorModule = {
  name: 'rulesets',
  schema: RULESETS_SCHEMA,
  tables: ['ruleset_versions', 'ruleset_rules', 'rulesets'],
  seed: (ctx) => {
    migrateRulesets(ctx.db)
    seedRulesets(ctx)
  },
  // Only API clients (/client/v4) use these: rules one by one, versions, an account's rulesets, and
  // a zone's entry-point PUT and ruleset delete.
  register: (app, ctx) => {
    migrateRulesets(ctx.db)
    registerRuleRoutes(app, ctx)
    registerClientRulesetRoutes(app, ctx)
  },
  handlers: rulesetHandlers,
}
