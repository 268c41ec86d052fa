import type { Context, Hono } from 'hono'
import {
  rulesetCreateSchema,
  rulesetPhaseSchema,
  rulesetUpdateForPhaseSchema,
} from '../../../shared/schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../../../shared/schemas/ruleset-log-custom-fields'
import { ApiError, badRequest, clampPerPage, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import type { EmulatorContext } from '../module'
import { findEntrypoint, findRuleset, insertRuleset, ownerOf, RULESET_PREFIXES, saveVersion, update } from './owner'
import { replaceRules, toRuleset, type RulesetRow } from './store'

const CODE = RULESET_VALIDATION_CODE

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
  for (const prefix of RULESET_PREFIXES) registerAt(app, prefix, db, now)
}

function registerAt(app: Hono, prefix: string, db: EmulatorContext['db'], now: EmulatorContext['now']): void {
  app.get(`${prefix}/rulesets`, (c) => {
    const owner = ownerOf(db, c)
    const { offset, perPage } = readCursor(c)
    const all = db.prepare(`SELECT * FROM rulesets WHERE ${owner.column} = ? ORDER BY rowid`).all(owner.id) as RulesetRow[]
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

  app.post(`${prefix}/rulesets`, async (c) => {
    const owner = ownerOf(db, c)
    const body = validate(rulesetCreateSchema, await readJson(c), CODE)
    const level = owner.column === 'zone_id' ? 'zone' : 'account'
    if (body.kind !== 'custom' && body.kind !== owner.entryKind) {
      throw badRequest(CODE, `'${body.kind}' is not a valid value for kind at ${level} level; use ${owner.entryKind} (the phase entry point) or custom.`, '/kind')
    }
    if (body.kind === owner.entryKind && findEntrypoint(db, owner, body.phase)) {
      throw badRequest(
        20217,
        `'${body.kind}' is not a valid value for kind because exceeded maximum number of ${level} rulesets for phase ${body.phase}`,
        '/kind',
      )
    }
    (body.rules ?? []).forEach((r, i) => {
      if (r.id) throw badRequest(CODE, 'A new ruleset cannot name existing rule ids; leave id out.', `/rules/${i}/id`)
    })
    const stamp = now().toISOString()
    const fields = { id: newId(), name: body.name, description: body.description ?? '', kind: body.kind, phase: body.phase, version: 1, last_updated: stamp }
    const row = db.transaction(() => {
      const inserted = insertRuleset(db, owner, fields)
      replaceRules(db, inserted, body.rules ?? [], 1, stamp)
      saveVersion(db, inserted)
      return inserted
    })()
    return ok(c, toRuleset(db, row, true))
  })

  app.get(`${prefix}/rulesets/phases/:phase/entrypoint`, (c) => {
    const owner = ownerOf(db, c)
    const phase = readPhase(c)
    const row = findEntrypoint(db, owner, phase)
    if (!row) throw notFound(10003, `could not find entrypoint ruleset in the ${phase} phase`)
    return ok(c, toRuleset(db, row, true))
  })

  /** The entry point's PUT: creates the entry point when the phase has none. No kind or phase in the body. */
  app.put(`${prefix}/rulesets/phases/:phase/entrypoint`, async (c) => {
    const owner = ownerOf(db, c)
    const phase = readPhase(c)
    const raw = await readJson(c)
    for (const key of ['kind', 'phase']) {
      if (raw && typeof raw === 'object' && key in raw) throw badRequest(CODE, `invalid JSON: unknown field ${key}`, `/${key}`)
    }
    const body = validate(rulesetUpdateForPhaseSchema(phase), raw, CODE)
    const stamp = now().toISOString()
    const row =
      findEntrypoint(db, owner, phase) ??
      insertRuleset(db, owner, { id: newId(), name: body.name ?? 'default', description: '', kind: owner.entryKind, phase, version: 0, last_updated: stamp })
    return ok(c, update(db, row, body.description, body.rules ?? [], stamp))
  })

  app.get(`${prefix}/rulesets/:ruleset_id`, (c) => {
    const owner = ownerOf(db, c)
    return ok(c, toRuleset(db, findRuleset(db, owner, c.req.param('ruleset_id')), true))
  })

  app.put(`${prefix}/rulesets/:ruleset_id`, async (c) => {
    const owner = ownerOf(db, c)
    const row = findRuleset(db, owner, c.req.param('ruleset_id'))
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

  app.delete(`${prefix}/rulesets/:ruleset_id`, (c) => {
    const owner = ownerOf(db, c)
    const row = findRuleset(db, owner, c.req.param('ruleset_id'))
    db.prepare('DELETE FROM rulesets WHERE id = ?').run(row.id)
    return c.body(null, 204)
  })
}
