import type { Context } from 'hono'
import type { RuleInput } from '../../../shared/schemas/ruleset'
import { notFound } from '../http'
import { requireAccount, requireZone } from '../lookup'
import type { Db } from '../module'
import { replaceRules, toRuleset, type RulesetRow } from './store'

/** Rulesets live under a zone or an account; the same routes serve both prefixes. */
export const RULESET_PREFIXES = ['/zones/:zone_id', '/accounts/:account_id'] as const

export interface Owner {
  column: 'zone_id' | 'account_id'
  id: string
  /** The kind of a phase entry point at this level: `zone` for zones, `root` for accounts. */
  entryKind: 'zone' | 'root'
}

export function ownerOf(db: Db, c: Context): Owner {
  const zoneId = c.req.param('zone_id')
  if (zoneId) return { column: 'zone_id', id: requireZone(db, zoneId).id, entryKind: 'zone' }
  return { column: 'account_id', id: requireAccount(db, c.req.param('account_id') ?? '').id, entryKind: 'root' }
}

export function findRuleset(db: Db, owner: Owner, id: string): RulesetRow {
  const row = db.prepare(`SELECT * FROM rulesets WHERE ${owner.column} = ? AND id = ?`).get(owner.id, id) as
    RulesetRow | undefined
  if (!row) throw notFound(10003, `could not find ruleset ${id}`)
  return row
}

export function findEntrypoint(db: Db, owner: Owner, phase: string): RulesetRow | undefined {
  return db
    .prepare(`SELECT * FROM rulesets WHERE ${owner.column} = ? AND phase = ? AND kind = ?`)
    .get(owner.id, phase, owner.entryKind) as RulesetRow | undefined
}

export function insertRuleset(db: Db, owner: Owner, row: Omit<RulesetRow, 'zone_id' | 'account_id'>): RulesetRow {
  const full: RulesetRow = { ...row, zone_id: null, account_id: null, [owner.column]: owner.id }
  db.prepare(
    `INSERT INTO rulesets (id, zone_id, account_id, name, description, kind, phase, version, last_updated)
    VALUES (@id, @zone_id, @account_id, @name, @description, @kind, @phase, @version, @last_updated)`,
  ).run(full)
  return full
}

/** Keeps the ruleset as it now is as its current version's snapshot (the versions endpoints read them). */
export function saveVersion(db: Db, row: RulesetRow): void {
  db.prepare('INSERT OR REPLACE INTO ruleset_versions (ruleset_id, version, snapshot) VALUES (?, ?, ?)').run(
    row.id,
    row.version,
    JSON.stringify(toRuleset(db, row, true)),
  )
}

/** A new version: description (when sent) and every rule replaced; the version is kept. */
export function update(db: Db, row: RulesetRow, description: string | undefined, rules: RuleInput[], stamp: string) {
  const next: RulesetRow = { ...row, description: description ?? row.description, version: row.version + 1, last_updated: stamp }
  db.transaction(() => {
    replaceRules(db, next, rules, next.version, stamp)
    db.prepare('UPDATE rulesets SET description = ?, version = ?, last_updated = ? WHERE id = ?').run(
      next.description,
      next.version,
      next.last_updated,
      next.id,
    )
    saveVersion(db, next)
  })()
  return toRuleset(db, next, true)
}
