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
import type { On, TableRouter } from '../table-routes'
import { findEntrypoint, findRuleset, insertRuleset, ownerOf, saveVersion, update } from './owner'
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

/** The sandbox's handlers of the table's ruleset endpoints: a zone's rulesets, its entry point, one ruleset read and replaced. */
export function rulesetHandlers(table: TableRouter, ctx: EmulatorContext): void {
  const h = rulesetRoutes(ctx)
  table.get('/zones/:zone_id/rulesets', h.list)
  table.post('/zones/:zone_id/rulesets', h.create)
  table.get('/zones/:zone_id/rulesets/phases/:phase/entrypoint', h.entrypoint)
  table.get('/zones/:zone_id/rulesets/:ruleset_id', h.one)
  table.put('/zones/:zone_id/rulesets/:ruleset_id', h.replace)
}

/**
 * Only API clients (/client/v4) use these, with the same handlers: an account's rulesets, and of a
 * zone's, the entry point's PUT and a ruleset's delete.
 */
export function registerClientRulesetRoutes(app: Hono, ctx: EmulatorContext): void {
  const h = rulesetRoutes(ctx)
  app.put('/zones/:zone_id/rulesets/phases/:phase/entrypoint', h.putEntrypoint)
  app.delete('/zones/:zone_id/rulesets/:ruleset_id', h.remove)
  const prefix = '/accounts/:account_id'
  app.get(`${prefix}/rulesets`, h.list)
  app.post(`${prefix}/rulesets`, h.create)
  app.get(`${prefix}/rulesets/phases/:phase/entrypoint`, h.entrypoint)
  app.put(`${prefix}/rulesets/phases/:phase/entrypoint`, h.putEntrypoint)
  app.get(`${prefix}/rulesets/:ruleset_id`, h.one)
  app.put(`${prefix}/rulesets/:ruleset_id`, h.replace)
  app.delete(`${prefix}/rulesets/:ruleset_id`, h.remove)
}

/** A request about one ruleset, of a zone or an account (`/zones/:zone_id/…` or `/accounts/:account_id/…`): its handlers read :ruleset_id, and the owner with ownerOf. */
type OneRuleset = On<'/:owner/:owner_id/rulesets/:ruleset_id'>

/** The handlers of a zone's or an account's rulesets (the owner is read from the path). */
function rulesetRoutes({ db, now }: EmulatorContext) {
  const list = (c: Context) => {
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
  }

  const create = async (c: Context) => {
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
  }

  const entrypoint = (c: Context) => {
    const owner = ownerOf(db, c)
    const phase = readPhase(c)
    const row = findEntrypoint(db, owner, phase)
    if (!row) throw notFound(10003, `could not find entrypoint ruleset in the ${phase} phase`)
    return ok(c, toRuleset(db, row, true))
  }

  /** The entry point's PUT: creates the entry point when the phase has none. No kind or phase in the body. */
  const putEntrypoint = async (c: Context) => {
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
  }

  const one = (c: OneRuleset) => {
    const owner = ownerOf(db, c)
    return ok(c, toRuleset(db, findRuleset(db, owner, c.req.param('ruleset_id')), true))
  }

  const replace = async (c: OneRuleset) => {
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
  }

  const remove = (c: OneRuleset) => {
    const owner = ownerOf(db, c)
    const row = findRuleset(db, owner, c.req.param('ruleset_id'))
    db.prepare('DELETE FROM rulesets WHERE id = ?').run(row.id)
    return c.body(null, 204)
  }

  return { list, create, entrypoint, putEntrypoint, one, replace, remove }
}
