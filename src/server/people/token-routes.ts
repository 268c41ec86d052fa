import type { Hono } from 'hono'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import { apiTokenInputSchema } from '../../shared/schemas/people'
import { actorOf } from '../auth'
import { jsonError, jsonErrors, jsonOk } from '../envelope'
import type { ApiToken, Store } from '../store'

const view = (t: ApiToken) => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  created_at: new Date(t.createdAt).toISOString(),
  last_used_at: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
})

const personOnly = () =>
  jsonError(409, 1409, 'Personal API tokens belong to a person: add yourself under People and sign in first.')

/** Your personal API tokens for the sandbox's /client/v4 door: list, make (shown once), revoke. */
export function registerTokenRoutes(app: Hono, store: Store): void {
  app.get('/api/local/me/tokens', async (c) => {
    const { person } = actorOf(c)
    return jsonOk(person.id ? (await store.apiTokens.list(person.id)).map(view) : [])
  })
  app.post('/api/local/me/tokens', async (c) => {
    const { person } = actorOf(c)
    if (!person.id) return personOnly()
    const parsed = apiTokenInputSchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
    const { token, info } = await store.apiTokens.create(person.id, parsed.data.name)
    return new Response(JSON.stringify({ result: { ...view(info), token }, success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })
  app.delete('/api/local/me/tokens/:id', async (c) => {
    const { person } = actorOf(c)
    if (!person.id || !(await store.apiTokens.revoke(person.id, c.req.param('id')))) return jsonError(404, 1404, 'No such token.')
    return jsonOk({ id: c.req.param('id') })
  })
}
