import type { Rule, RuleInput, Ruleset } from '../../../shared/schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../../../shared/schemas/ruleset-log-custom-fields'
import { badRequest } from '../http'
import { newId } from '../ids'
import type { Db } from '../module'

export interface RulesetRow {
  id: string
  zone_id: string | null
  account_id?: string | null
  name: string
  description: string
  kind: string
  phase: string
  version: number
  last_updated: string
}

interface RuleRow {
  ruleset_id: string
  position: number
  id: string
  version: string
  action: string
  action_parameters: string | null
  expression: string
  description: string
  enabled: number
  ref: string
  logging: string | null
  last_updated: string
}

const toRule = (r: RuleRow): Rule => ({
  id: r.id,
  version: r.version,
  action: r.action,
  ...(r.action_parameters !== null && { action_parameters: JSON.parse(r.action_parameters) as Record<string, unknown> }),
  expression: r.expression,
  description: r.description,
  last_updated: r.last_updated,
  ref: r.ref,
  enabled: r.enabled === 1,
  ...(r.logging !== null && { logging: JSON.parse(r.logging) as { enabled: boolean } }),
})

/** The ruleset as the API shows it; `withRules` false gives the list view (no rules). */
export function toRuleset(db: Db, row: RulesetRow, withRules: boolean): Ruleset {
  const base: Ruleset = {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    version: String(row.version),
    last_updated: row.last_updated,
    phase: row.phase,
  }
  if (!withRules) return base
  const rules = db.prepare('SELECT * FROM ruleset_rules WHERE ruleset_id = ? ORDER BY position').all(row.id) as RuleRow[]
  return { ...base, rules: rules.map(toRule) }
}

/** What makes two versions of a rule the same rule (read-only fields aside). */
const ruleContent = (r: { action: string; action_parameters: string | null; expression: string; description: string; enabled: number; ref: string; logging: string | null }) =>
  JSON.stringify([r.action, r.action_parameters, r.expression, r.description, r.enabled, r.ref, r.logging])

/**
 * Replaces every rule of a ruleset with `rules`, as version `version`. A rule sent with the id of
 * an existing rule keeps that id; it keeps its version and last_updated too when nothing changed.
 * New rules get a fresh id; `ref` defaults to the id and `enabled` to true.
 */
export function replaceRules(db: Db, ruleset: RulesetRow, rules: RuleInput[], version: number, now: string): void {
  const existing = new Map(
    (db.prepare('SELECT * FROM ruleset_rules WHERE ruleset_id = ?').all(ruleset.id) as RuleRow[]).map((r) => [r.id, r]),
  )
  const rows: RuleRow[] = rules.map((rule, position) => {
    if (rule.id && !existing.has(rule.id)) {
      throw badRequest(RULESET_VALIDATION_CODE, `Rule ${rule.id} is not a rule of this ruleset; leave id out to add a new rule.`, `/rules/${position}/id`)
    }
    const id = rule.id ?? newId()
    const draft = {
      ruleset_id: ruleset.id,
      position,
      id,
      action: rule.action,
      action_parameters: rule.action_parameters === undefined ? null : JSON.stringify(rule.action_parameters),
      expression: rule.expression,
      description: rule.description ?? '',
      enabled: rule.enabled === false ? 0 : 1,
      ref: rule.ref ?? id,
      logging: rule.logging === undefined ? null : JSON.stringify(rule.logging),
    }
    const before = existing.get(id)
    const unchanged = before !== undefined && ruleContent(before) === ruleContent(draft)
    return { ...draft, version: unchanged ? before.version : String(version), last_updated: unchanged ? before.last_updated : now }
  })
  db.prepare('DELETE FROM ruleset_rules WHERE ruleset_id = ?').run(ruleset.id)
  const insert = db.prepare(`INSERT INTO ruleset_rules
    (ruleset_id, position, id, version, action, action_parameters, expression, description, enabled, ref, logging, last_updated)
    VALUES (@ruleset_id, @position, @id, @version, @action, @action_parameters, @expression, @description, @enabled, @ref, @logging, @last_updated)`)
  for (const r of rows) insert.run(r)
}
