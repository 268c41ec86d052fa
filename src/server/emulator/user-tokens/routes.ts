import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { userTokenInputSchema, userTokenUpdateSchema } from '../../../shared/schemas/user-token'
import { notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { readPaging, resultInfo } from '../list-engine'
import type { EmulatorContext } from '../module'
import { insertToken, tokenColumns, toToken, type TokenRow } from './store'

/** Sandbox code for an unknown token (the service's is not published). */
const TOKEN_NOT_FOUND = 1003

export function registerUserTokenRoutes(app: Hono, { db, now }: EmulatorContext): void {
  const base = '/user/tokens'
  const find = (id: string) => {
    const row = db.prepare('SELECT * FROM user_tokens WHERE id = ?').get(id) as TokenRow | undefined
    if (!row) throw notFound(TOKEN_NOT_FOUND, `Token ${id} was not found for this user.`)
    return row
  }

  // Paged (page / per_page, 5–50, default 20), oldest first unless direction=desc; expired tokens
  // only with include_expired=true.
  app.get(base, (c) => {
    const paging = readPaging(c, { defaultPerPage: 20, minPerPage: 5, maxPerPage: 50 })
    const order = c.req.query('direction') === 'desc' ? 'DESC' : 'ASC'
    const stamp = now()
    const all = (db.prepare(`SELECT * FROM user_tokens ORDER BY issued_on ${order}, id ${order}`).all() as TokenRow[])
      .map((r) => toToken(r, stamp))
      .filter((t) => c.req.query('include_expired') === 'true' || t.status !== 'expired')
    const page = all.slice(paging.offset, paging.offset + paging.perPage)
    return ok(c, page, resultInfo(paging, page.length, all.length))
  })

  // The answer carries the token's secret value, once; the sandbox does not keep it.
  app.post(base, async (c) => {
    const input = validate(userTokenInputSchema, await readJson(c))
    const stamp = now().toISOString()
    const id = newId()
    insertToken(db, {
      id,
      status: 'active',
      issued_on: stamp,
      modified_on: stamp,
      last_used_on: null,
      ...tokenColumns(input, newId),
    })
    return ok(c, { ...toToken(find(id), now()), value: randomBytes(30).toString('base64url') })
  })

  app.get(`${base}/:token_id{[0-9a-f]{32}}`, (c) => ok(c, toToken(find(c.req.param('token_id')), now())))

  app.put(`${base}/:token_id{[0-9a-f]{32}}`, async (c) => {
    const row = find(c.req.param('token_id'))
    const input = validate(userTokenUpdateSchema, await readJson(c))
    const stamp = now().toISOString()
    const next: TokenRow = { ...row, ...tokenColumns(input, newId), status: input.status ?? row.status, modified_on: stamp }
    db.prepare(
      `UPDATE user_tokens SET name = @name, status = @status, policies = @policies, condition = @condition,
      not_before = @not_before, expires_on = @expires_on, modified_on = @modified_on WHERE id = @id`,
    ).run(next)
    return ok(c, toToken(next, now()))
  })

  app.delete(`${base}/:token_id{[0-9a-f]{32}}`, (c) => {
    const row = find(c.req.param('token_id'))
    db.prepare('DELETE FROM user_tokens WHERE id = ?').run(row.id)
    return ok(c, { id: row.id })
  })
}
