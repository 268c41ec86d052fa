import type { Context, Hono } from 'hono'
import { z } from 'zod'
import { ruleInputSchema, rulesetPhaseSchema, type Rule, type RuleInput, type Ruleset } from '../../../shared/schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../../../shared/schemas/ruleset-log-custom-fields'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import type { Db, EmulatorContext } from '../module'
import { findEntrypoint, findRuleset, ownerOf, RULESET_PREFIXES, update, type Owner } from './owner'
import { toRuleset, type RulesetRow } from './store'

const CODE = RULESET_VALIDATION_CODE

/** Where a new or moved rule goes: before or after a rule (by id), or at a 1-based index. Default: last. */
const positionSchema = z
  .union([z.object({ before: z.string() }), z.object({ after: z.string() }), z.object({ index: z.number().int().min(1) })])
  .optional()

const asInput = (r: Rule): RuleInput => ({
  id: r.id,
  action: r.action as RuleInput['action'],
  ...(r.action_parameters && { action_parameters: r.action_parameters }),
  expression: r.expression,
  description: r.description,
  enabled: r.enabled,
  ref: r.ref,
  ...(r.logging && { logging: r.logging }),
})

function place(rules: RuleInput[], rule: RuleInput, position: z.infer<typeof positionSchema>): RuleInput[] {
  const rest = rules.filter((r) => r.id !== rule.id)
  let at = rest.length
  if (position && 'before' in position) at = rest.findIndex((r) => r.id === position.before)
  if (position && 'after' in position) at = rest.findIndex((r) => r.id === position.after) + 1
  if (position && 'index' in position) at = Math.min(position.index - 1, rest.length)
  if (at < 0 || (position && 'after' in position && at === 0))
    throw badRequest(CODE, 'The rule named in position is not in this ruleset.', '/position')
  return [...rest.slice(0, at), rule, ...rest.slice(at)]
}

function currentRules(db: Db, row: RulesetRow): RuleInput[] {
  return (toRuleset(db, row, true).rules ?? []).map(asInput)
}

function version(db: Db, row: RulesetRow, raw: string): Ruleset {
  const n = Number(raw)
  if (n === row.version) return toRuleset(db, row, true)
  const v = db.prepare('SELECT snapshot FROM ruleset_versions WHERE ruleset_id = ? AND version = ?').get(row.id, n) as
    { snapshot: string } | undefined
  if (!v) throw notFound(10003, `could not find version ${raw} of ruleset ${row.id}`)
  return JSON.parse(v.snapshot) as Ruleset
}

function versions(db: Db, row: RulesetRow): Ruleset[] {
  const kept = db
    .prepare('SELECT version, snapshot FROM ruleset_versions WHERE ruleset_id = ? ORDER BY version DESC')
    .all(row.id) as {
    version: number
    snapshot: string
  }[]
  const list: Ruleset[] = kept.map((k) => {
    const { rules: _rules, ...meta } = JSON.parse(k.snapshot) as Ruleset
    return meta
  })
  if (!kept.some((k) => k.version === row.version)) list.unshift(toRuleset(db, row, false))
  return list
}

/**
 * Rules one by one (add, edit, delete: each makes a new version of the ruleset and answers it)
 * and versions (list, get, delete an old one), for rulesets and phase entry points, at zone and
 * account level.
 */
export function registerRuleRoutes(app: Hono, { db, now }: EmulatorContext): void {
  for (const prefix of RULESET_PREFIXES) {
    const base = `${prefix}/rulesets/:ruleset_id`
    const ruleset = (c: Context): [Owner, RulesetRow] => {
      const owner = ownerOf(db, c)
      return [owner, findRuleset(db, owner, c.req.param('ruleset_id') ?? '')]
    }

    app.post(`${base}/rules`, async (c) => {
      const [, row] = ruleset(c)
      const raw = (await readJson(c)) as Record<string, unknown>
      const rule = validate(ruleInputSchema, { ...raw, id: undefined }, CODE)
      const position = validate(positionSchema, raw.position, CODE)
      return ok(c, update(db, row, undefined, place(currentRules(db, row), rule, position), now().toISOString()))
    })

    app.patch(`${base}/rules/:rule_id`, async (c) => {
      const [, row] = ruleset(c)
      const id = c.req.param('rule_id')
      const rules = currentRules(db, row)
      const existing = rules.find((r) => r.id === id)
      if (!existing) throw notFound(10003, `could not find rule ${id} in ruleset ${row.id}`)
      const raw = (await readJson(c)) as Record<string, unknown>
      const rule = validate(ruleInputSchema, { ...existing, ...raw, id }, CODE)
      const position = validate(positionSchema, raw.position, CODE)
      const next = position ? place(rules, rule, position) : rules.map((r) => (r.id === id ? rule : r))
      return ok(c, update(db, row, undefined, next, now().toISOString()))
    })

    app.delete(`${base}/rules/:rule_id`, (c) => {
      const [, row] = ruleset(c)
      const id = c.req.param('rule_id')
      const rules = currentRules(db, row)
      if (!rules.some((r) => r.id === id)) throw notFound(10003, `could not find rule ${id} in ruleset ${row.id}`)
      return ok(
        c,
        update(
          db,
          row,
          undefined,
          rules.filter((r) => r.id !== id),
          now().toISOString(),
        ),
      )
    })

    app.get(`${base}/versions`, (c) => ok(c, versions(db, ruleset(c)[1])))
    app.get(`${base}/versions/:version`, (c) => ok(c, version(db, ruleset(c)[1], c.req.param('version'))))
    app.delete(`${base}/versions/:version`, (c) => {
      const [, row] = ruleset(c)
      const n = Number(c.req.param('version'))
      if (n === row.version) throw badRequest(CODE, 'The current version of a ruleset cannot be deleted.', '/version')
      const gone = db.prepare('DELETE FROM ruleset_versions WHERE ruleset_id = ? AND version = ?').run(row.id, n)
      if (gone.changes === 0) throw notFound(10003, `could not find version ${c.req.param('version')} of ruleset ${row.id}`)
      return c.body(null, 204)
    })

    const entrypoint = (c: Context): RulesetRow => {
      const owner = ownerOf(db, c)
      const phase = c.req.param('phase') ?? ''
      if (!rulesetPhaseSchema.safeParse(phase).success) throw badRequest(CODE, `${phase} is not a valid phase.`, '/phase')
      const row = findEntrypoint(db, owner, phase)
      if (!row) throw notFound(10003, `could not find entrypoint ruleset in the ${phase} phase`)
      return row
    }
    app.get(`${prefix}/rulesets/phases/:phase/entrypoint/versions`, (c) => ok(c, versions(db, entrypoint(c))))
    app.get(`${prefix}/rulesets/phases/:phase/entrypoint/versions/:version`, (c) =>
      ok(c, version(db, entrypoint(c), c.req.param('version'))),
    )
  }
}
