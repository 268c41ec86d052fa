import type { Hono } from 'hono'
import type { ApiTokenView } from '../../shared/schemas/people'
import { actorOf } from '../auth'
import { jsonError, jsonOk } from '../http/envelope'
import { localBody } from '../local/read-body'
import type { ApiToken, Store } from '../store'

export const tokenView = (t: ApiToken): ApiTokenView => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  created_at: new Date(t.createdAt).toISOString(),
  last_used_at: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
})

const personOnly = () =>
  jsonError(409, 1409, 'Personal API tokens belong to a person: add yourself under People and sign in first.')

/**
 * Personal API tokens for the sandbox's /client/v4 door: your own (list, make — shown once —,
 * revoke), and for administrators anyone's (list with last use, revoke one or all). Every write is
 * recorded by the audit log's write recorder (the token itself never is: see audit/secrets.ts).
 */
export function registerTokenRoutes(app: Hono, store: Store): void {
  app.get('/api/local/me/tokens', async (c) => {
    const { person } = actorOf(c)
    return jsonOk(person.id ? (await store.apiTokens.list(person.id)).map(tokenView) : [])
  })
  app.post('/api/local/me/tokens', async (c) => {
    const { person } = actorOf(c)
    if (!person.id) return personOnly()
    const { name } = localBody(c, 'POST', '/api/local/me/tokens')
    const { token, info } = await store.apiTokens.create(person.id, name)
    return new Response(JSON.stringify({ result: { ...tokenView(info), token }, success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })
  app.delete('/api/local/me/tokens/:id', async (c) => {
    const { person } = actorOf(c)
    if (!person.id || !(await store.apiTokens.revoke(person.id, c.req.param('id')))) return jsonError(404, 1404, 'No such token.')
    return jsonOk({ id: c.req.param('id') })
  })

  // Administrators (roles are checked before these run, see auth/endpoint-roles.ts).
  app.get('/api/local/people/:person_id/tokens', async (c) => {
    const id = c.req.param('person_id')
    if (!(await store.people.byId(id))) return jsonError(404, 1404, 'No such person.')
    return jsonOk((await store.apiTokens.list(id)).map(tokenView))
  })
  app.delete('/api/local/people/:person_id/tokens', async (c) => {
    const id = c.req.param('person_id')
    if (!(await store.people.byId(id))) return jsonError(404, 1404, 'No such person.')
    return jsonOk({ tokens_revoked: await store.apiTokens.revokeAll(id) })
  })
  app.delete('/api/local/people/:person_id/tokens/:id', async (c) => {
    if (!(await store.apiTokens.revoke(c.req.param('person_id'), c.req.param('id')))) return jsonError(404, 1404, 'No such token.')
    return jsonOk({ id: c.req.param('id') })
  })
}
