import type { Context, Hono } from 'hono'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import { personInputSchema, personPatchSchema } from '../../shared/schemas/people'
import { actorOf } from '../auth'
import { generatePassword, hashPassword } from '../auth/passwords'
import { jsonError, jsonErrors, jsonOk } from '../envelope'
import type { Store } from '../store'
import { meView, personView, sessionView } from './views'

async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false; res: Response }> {
  try {
    return { ok: true, body: await c.req.json() }
  } catch {
    return { ok: false, res: jsonError(400, 6007, 'Malformed JSON in request body.') }
  }
}

/**
 * The dashboard's people (roles are checked before these run, see auth/endpoint-roles.ts): who am I
 * and my own sessions for everyone; adding, changing, disabling people, resetting passwords and
 * ending sessions for administrators. The last active administrator cannot be demoted or disabled.
 */
export function registerPeopleRoutes(app: Hono, store: Store): void {
  app.get('/api/local/me', (c) => jsonOk(meView(actorOf(c), c.get('zkPractice') !== undefined)))

  app.get('/api/local/me/sessions', async (c) => {
    const a = actorOf(c)
    if (a.kind !== 'person') return jsonOk([])
    return jsonOk((await store.sessions.list(a.person.id)).map((s) => sessionView(s, a.sessionHandle)))
  })

  app.delete('/api/local/me/sessions/:handle', async (c) => {
    const a = actorOf(c)
    if (a.kind !== 'person' || !(await store.sessions.end(a.person.id, c.req.param('handle')))) {
      return jsonError(404, 1404, 'No such session (it may have ended already).')
    }
    return jsonOk({ handle: c.req.param('handle') })
  })

  app.get('/api/local/people', async () => jsonOk((await store.people.list()).map(personView)))

  app.post('/api/local/people', async (c) => {
    const read = await readJson(c)
    if (!read.ok) return read.res
    const parsed = await personInputSchema.safeParseAsync(read.body)
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
    const v = parsed.data
    const person = await store.people.add({
      username: v.username,
      displayName: v.display_name,
      role: v.role,
      zones: v.zones,
      passwordHash: await hashPassword(v.password),
      // Chosen by an administrator: the person picks their own at first sign-in.
      mustChangePassword: true,
    })
    if (!person) {
      return jsonErrors(400, [{ code: 1409, message: `The username ${v.username} is taken.`, source: { pointer: '/username' } }])
    }
    return new Response(JSON.stringify({ result: personView(person), success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })

  app.patch('/api/local/people/:person_id', async (c) => {
    const id = c.req.param('person_id')
    const target = await store.people.byId(id)
    if (!target) return jsonError(404, 1404, 'No such person.')
    const read = await readJson(c)
    if (!read.ok) return read.res
    const parsed = personPatchSchema.safeParse(read.body)
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
    const v = parsed.data
    const losesAdmin = target.role === 'admin' && !target.disabled && ((v.role && v.role !== 'admin') || v.disabled === true)
    if (losesAdmin && (await store.people.otherActiveAdmins(id)) === 0) {
      return jsonError(409, 1409, 'This is the last active administrator: make someone else an administrator first.')
    }
    const updated = await store.people.update(id, {
      displayName: v.display_name,
      role: v.role,
      zones: v.zones,
      disabled: v.disabled,
    })
    // Disabling signs the person out everywhere at once and revokes their personal API tokens.
    if (v.disabled === true) {
      await store.sessions.endAll(id)
      await store.apiTokens.revokeAll(id)
    }
    return jsonOk(personView(updated!))
  })

  app.post('/api/local/people/:person_id/password', async (c) => {
    const id = c.req.param('person_id')
    if (!(await store.people.byId(id))) return jsonError(404, 1404, 'No such person.')
    const password = generatePassword()
    await store.people.update(id, { passwordHash: await hashPassword(password), mustChangePassword: true })
    const ended = await store.sessions.endAll(id)
    // Their personal API tokens go too: whoever held the old password may have made some.
    const revoked = await store.apiTokens.revokeAll(id)
    return jsonOk({ password, sessions_ended: ended, tokens_revoked: revoked })
  })

  app.get('/api/local/people/:person_id/sessions', async (c) =>
    jsonOk((await store.sessions.list(c.req.param('person_id'))).map((s) => sessionView(s))),
  )

  app.delete('/api/local/people/:person_id/sessions', async (c) =>
    jsonOk({ sessions_ended: await store.sessions.endAll(c.req.param('person_id')) }),
  )
}
