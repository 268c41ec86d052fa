import type { Context, Hono } from 'hono'
import {
  rulesetCreateSchema,
  rulesetPhaseSchema,
  rulesetUpdateForPhaseSchema,
  type RuleInput,
} from '../../../shared/schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../../../shared/schemas/ruleset-log-custom-fields'
import { ApiError, badRequest, clampPerPage, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import { replaceRules, toRuleset, type RulesetRow } from './store'

const CODE = RULESET_VALIDATION_CODE

function findRuleset(db: Db, zoneId: string, id: string): RulesetRow {
  const row = db.prepare('SELECT * FROM rulesets WHERE zone_id = ? AND id = ?').get(zoneId, id) as RulesetRow | undefined
  if (!row) throw notFound(10003, `could not find ruleset ${id}`)
  return row
}

function findEntrypoint(db: Db, zoneId: string, phase: string): RulesetRow | undefined {
  return db.prepare(`SELECT * FROM rulesets WHERE zone_id = ? AND phase = ? AND kind = 'zone'`).get(zoneId, phase) as RulesetRow | undefined
}

function readPhase(c: Context): string {
  const phase = c.req.param('phase') ?? ''
  if (!rulesetPhaseSchema.safeParse(phase).success) throw badRequest(CODE, `${phase} is not a valid phase.`, '/phase')
  return phase
}

/** Cursor paging: an opaque cursor naming the offset of the next page. */
function readCursor(c: Context): { offset: number; perPage: number | undefined } {
  const rawPer = c.req.query('per_page')
  // Out-of-range sizes are clamped to 1–50, as the service does (api-notes §13.8).
  const perPage = rawPer === undefined || rawPer === '' ? undefined : clampPerPage(rawPer, { defaultPerPage: 50, maxPerPage: 50 })
  const cursor = c.req.query('cursor')
  if (!cursor) return { offset: 0, perPage }
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o:/, ''))
  if (!Number.isInteger(offset) || offset < 0) throw badRequest(CODE, 'The cursor is not valid; start again without it.', '/cursor')
  return { offset, perPage }
}

export function registerRulesetRoutes(app: Hono, { db, now }: EmulatorContext): void {
  app.get('/zones/:zone_id/rulesets', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const { offset, perPage } = readCursor(c)
    const all = db.prepare('SELECT * FROM rulesets WHERE zone_id = ? ORDER BY rowid').all(zone.id) as RulesetRow[]
    const page = perPage === undefined ? all.slice(offset) : all.slice(offset, offset + perPage)
    const next = offset + page.length
    const more = next < all.length
    const cursor = more ? Buffer.from(`o:${next}`).toString('base64url') : undefined
    return c.json({
      result: page.map((r) => toRuleset(db, r, false)),
      success: true,
      errors: [],
      messages: [],
      result_info: { count: page.length, per_page: perPage ?? all.length, ...(cursor && { cursor, cursors: { after: cursor } }) },
    })
  })

  app.post('/zones/:zone_id/rulesets', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = validate(rulesetCreateSchema, await readJson(c), CODE)
    if (body.kind === 'managed' || body.kind === 'root') {
      throw badRequest(CODE, `'${body.kind}' is not a valid value for kind at zone level; use zone (the phase entry point) or custom.`, '/kind')
    }
    if (body.kind === 'zone' && findEntrypoint(db, zone.id, body.phase)) {
      throw badRequest(
        20217,
        `'zone' is not a valid value for kind because exceeded maximum number of zone rulesets for phase ${body.phase}`,
        '/kind',
      )
    }
    (body.rules ?? []).forEach((r, i) => {
      if (r.id) throw badRequest(CODE, 'A new ruleset cannot name existing rule ids; leave id out.', `/rules/${i}/id`)
    })
    const stamp = now().toISOString()
    const row: RulesetRow = {
      id: newId(),
      zone_id: zone.id,
      name: body.name,
      description: body.description ?? '',
      kind: body.kind,
      phase: body.phase,
      version: 1,
      last_updated: stamp,
    }
    db.transaction(() => {
      db.prepare(`INSERT INTO rulesets (id, zone_id, name, description, kind, phase, version, last_updated)
        VALUES (@id, @zone_id, @name, @description, @kind, @phase, @version, @last_updated)`).run(row)
      replaceRules(db, row, body.rules ?? [], 1, stamp)
    })()
    return ok(c, toRuleset(db, row, true))
  })

  app.get('/zones/:zone_id/rulesets/phases/:phase/entrypoint', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const phase = readPhase(c)
    const row = findEntrypoint(db, zone.id, phase)
    if (!row) throw notFound(10003, `could not find entrypoint ruleset in the ${phase} phase`)
    return ok(c, toRuleset(db, row, true))
  })

  /** The entry point's PUT: creates the entry point when the phase has none. No kind or phase in the body. */
  app.put('/zones/:zone_id/rulesets/phases/:phase/entrypoint', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const phase = readPhase(c)
    const raw = await readJson(c)
    for (const key of ['kind', 'phase']) {
      if (raw && typeof raw === 'object' && key in raw) throw badRequest(CODE, `invalid JSON: unknown field ${key}`, `/${key}`)
    }
    const body = validate(rulesetUpdateForPhaseSchema(phase), raw, CODE)
    const stamp = now().toISOString()
    let row = findEntrypoint(db, zone.id, phase)
    if (!row) {
      row = { id: newId(), zone_id: zone.id, name: body.name ?? 'default', description: '', kind: 'zone', phase, version: 0, last_updated: stamp }
      db.prepare(`INSERT INTO rulesets (id, zone_id, name, description, kind, phase, version, last_updated)
        VALUES (@id, @zone_id, @name, @description, @kind, @phase, @version, @last_updated)`).run(row)
    }
    return ok(c, update(db, row, body.description, body.rules ?? [], stamp))
  })

  app.get('/zones/:zone_id/rulesets/:ruleset_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, toRuleset(db, findRuleset(db, zone.id, c.req.param('ruleset_id')), true))
  })

  app.put('/zones/:zone_id/rulesets/:ruleset_id', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findRuleset(db, zone.id, c.req.param('ruleset_id'))
    if (row.kind === 'managed') {
      throw new ApiError(403, [{ code: CODE, message: 'Managed rulesets are maintained by the service and cannot be changed; deploy them from an entry-point ruleset.' }])
    }
    const body = validate(rulesetUpdateForPhaseSchema(row.phase), await readJson(c), CODE)
    for (const key of ['name', 'kind', 'phase'] as const) {
      if (body[key] !== undefined && body[key] !== row[key]) {
        throw badRequest(CODE, `The ${key} of a ruleset cannot change (it is ${row[key]}).`, `/${key}`)
      }
    }
    return ok(c, update(db, row, body.description, body.rules ?? [], now().toISOString()))
  })

  app.delete('/zones/:zone_id/rulesets/:ruleset_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findRuleset(db, zone.id, c.req.param('ruleset_id'))
    db.prepare('DELETE FROM rulesets WHERE id = ?').run(row.id)
    return c.body(null, 204)
  })
}

/** A new version: description (when sent) and every rule replaced. */
function update(db: Db, row: RulesetRow, description: string | undefined, rules: RuleInput[], stamp: string) {
  const next: RulesetRow = { ...row, description: description ?? row.description, version: row.version + 1, last_updated: stamp }
  db.transaction(() => {
    replaceRules(db, next, rules, next.version, stamp)
    db.prepare('UPDATE rulesets SET description = ?, version = ?, last_updated = ? WHERE id = ?').run(
      next.description,
      next.version,
      next.last_updated,
      next.id,
    )
  })()
  return toRuleset(db, next, true)
}
