import type { EmulatorModule } from '../module'
import { registerRulesetRoutes } from './routes'
import { seedRulesets } from './seed'

/** Zone rulesets: list, create, read, replace, delete, and phase entry points. */
export const rulesetsModule: EmulatorModule = {
  name: 'rulesets',
  schema: `
    CREATE TABLE IF NOT EXISTS rulesets (
      id TEXT PRIMARY KEY,
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      kind TEXT NOT NULL,
      phase TEXT NOT NULL,
      version INTEGER NOT NULL,
      last_updated TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rulesets_zone ON rulesets(zone_id);
    -- One zone entry-point ruleset per phase (the API's 20217 rule, also enforced in the handler).
    CREATE UNIQUE INDEX IF NOT EXISTS rulesets_zone_entrypoint ON rulesets(zone_id, phase) WHERE kind = 'zone';
    CREATE TABLE IF NOT EXISTS ruleset_rules (
      ruleset_id TEXT NOT NULL REFERENCES rulesets(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      id TEXT NOT NULL,
      version TEXT NOT NULL,
      action TEXT NOT NULL,
      action_parameters TEXT,
      expression TEXT NOT NULL,
      description TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      ref TEXT NOT NULL,
      logging TEXT,
      last_updated TEXT NOT NULL,
      PRIMARY KEY (ruleset_id, id)
    );
  `,
  tables: ['ruleset_rules', 'rulesets'],
  seed: seedRulesets,
  register: registerRulesetRoutes,
}
