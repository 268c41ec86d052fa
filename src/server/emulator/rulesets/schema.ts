import type { Db } from '../module'

/**
 * Rulesets belong to a zone or to an account (exactly one of zone_id, account_id). Each version a
 * write makes is kept as a snapshot in ruleset_versions (the versions endpoints read them).
 */
export const RULESETS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS rulesets (
    id TEXT PRIMARY KEY,
    zone_id TEXT REFERENCES zones(id) ON DELETE CASCADE,
    account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
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
  CREATE TABLE IF NOT EXISTS ruleset_versions (
    ruleset_id TEXT NOT NULL REFERENCES rulesets(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    snapshot TEXT NOT NULL,
    PRIMARY KEY (ruleset_id, version)
  );
`

/**
 * Brings a sandbox file from before account rulesets (zone_id NOT NULL, no account_id) up to date by
 * rebuilding the table, and creates the account indexes. Idempotent; runs before the seed and at start-up.
 */
export function migrateRulesets(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(rulesets)').all() as { name: string }[]
  if (!columns.some((c) => c.name === 'account_id')) {
    db.pragma('foreign_keys = OFF')
    try {
      db.transaction(() => {
        db.exec(`CREATE TABLE rulesets_new (
          id TEXT PRIMARY KEY,
          zone_id TEXT REFERENCES zones(id) ON DELETE CASCADE,
          account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
          name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL, phase TEXT NOT NULL,
          version INTEGER NOT NULL, last_updated TEXT NOT NULL)`)
        db.exec(`INSERT INTO rulesets_new (id, zone_id, name, description, kind, phase, version, last_updated)
          SELECT id, zone_id, name, description, kind, phase, version, last_updated FROM rulesets`)
        db.exec('DROP TABLE rulesets')
        db.exec('ALTER TABLE rulesets_new RENAME TO rulesets')
        db.exec('CREATE INDEX IF NOT EXISTS rulesets_zone ON rulesets(zone_id)')
        db.exec("CREATE UNIQUE INDEX IF NOT EXISTS rulesets_zone_entrypoint ON rulesets(zone_id, phase) WHERE kind = 'zone'")
      })()
    } finally {
      db.pragma('foreign_keys = ON')
    }
  }
  db.exec('CREATE INDEX IF NOT EXISTS rulesets_account ON rulesets(account_id)')
  db.exec("CREATE UNIQUE INDEX IF NOT EXISTS rulesets_account_entrypoint ON rulesets(account_id, phase) WHERE kind = 'root'")
}
