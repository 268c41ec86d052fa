import type { Context, Hono } from 'hono'
import { actorOf } from '../auth'
import { generatePassword, hashPassword } from '../auth/passwords'
import { askForSecondFactorWhereRequired } from '../auth/second-factor-need'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { localBody } from '../local/read-body'
import { EVERY_ACCOUNT, publicPerson, type Store, type ZoneScope } from '../store'
import { setAuditDetails } from '../audit'
import { mailWanted, personInZoneAccount } from './mail-address'
import type { Forward } from '../upstream'
import type { ActInAccount } from '../accounts/routes'
import { meView, personView, sessionView } from './views'
import { checkScopeZones, missingZonesMessage } from './zone-check'

/** Administrators have every zone (auth/README.md): a list of zones for one is a mistake, not silently widened. */
const ADMIN_ZONES = () =>
  jsonErrors(400, [
    { code: 1004, message: 'An administrator has all zones: choose all zones, or a lower role.', source: { pointer: '/zones' } },
  ])

/**
 * A scope's zones as the account has them (names; ids become names), or the answer refusing it:
 * a zone the account does not have is a field error naming it. Without `forward`
 * (tests of the store alone) the scope is taken as given.
 */
async function scopeInAccount(forward: Forward | undefined, c: Context, zones: ZoneScope, known: ZoneScope = [], account?: string): Promise<{ ok: true; zones: ZoneScope } | { ok: false; res: Response }> {
  if (zones === '*' || !forward) return { ok: true, zones }
  const checked = await checkScopeZones(forward, c, zones, known === '*' ? [] : known, account)
  if (checked.ok) return { ok: true, zones: checked.names }
  if ('missing' in checked) {
    return { ok: false, res: jsonErrors(400, [{ code: 1004, message: missingZonesMessage(checked.missing), source: { pointer: '/zones' } }]) }
  }
  void checked.failed.body?.cancel().catch(() => {})
  return { ok: false, res: jsonError(502, PROXY_CODES.unreachable, `The zones could not be checked against the account (the API answered ${checked.failed.status}): nothing was saved. Try again.`) }
}

/**
 * The dashboard's people (roles are checked before these run, see auth/endpoint-roles.ts): who am I
 * and my own sessions for everyone; adding, changing, disabling people, resetting passwords and
 * ending sessions for administrators. The last active administrator cannot be demoted or disabled.
 */
export function registerPeopleRoutes(app: Hono, store: Store, options: { forward?: Forward; inAccount?: ActInAccount; owner?: string } = {}): void {
  // `owner`: the record index's (the deployment's mode), where a zone's account is looked up.
  const { forward, inAccount, owner } = options

  // People are the deployment's, not one account's: an administrator of some accounts only could
  // otherwise give themselves every account. Managing them takes an administrator of every account.
  const everyAccountAdmin = async (c: Context, next: () => Promise<void>) => {
    const me = actorOf(c)
    if (me.kind === 'person' && (await store.grants.of(me.person.id)).find((g) => g.account === EVERY_ACCOUNT)?.role !== 'admin') {
      return jsonError(403, PROXY_CODES.refused, 'People are managed by an administrator of every account; you are an administrator of some accounts only.')
    }
    return next()
  }
  app.use('/api/local/people', everyAccountAdmin)
  app.use('/api/local/people/*', everyAccountAdmin)

  const lastAdmin = () => jsonError(409, 1409, 'This is the last active administrator of that account: make someone else an administrator there first.')

  // A person's role (and zones) in one account, or in every account (`*`, the role and zones of the person's row).
  app.put('/api/local/people/:person_id/grants', async (c) => {
    const id = c.req.param('person_id')
    const target = await store.people.byId(id)
    if (!target) return jsonError(404, 1404, 'No such person.')
    const v = localBody(c, 'PUT', '/api/local/people/:person_id/grants')
    if (v.role === 'admin' && v.zones !== '*') return ADMIN_ZONES()
    const before = await store.grants.of(id)
    const known = before.find((g) => g.account === v.account)?.zones
    // A grant in one account names that account's zones: they are looked up through its own
    // credential, not the one the administrator's page happens to act in.
    if (v.account !== EVERY_ACCOUNT && v.zones !== '*' && forward && inAccount) {
      const refused = await inAccount(c, v.account)
      if (refused) {
        void refused.body?.cancel().catch(() => {})
        return jsonErrors(400, [{ code: 1004, message: `No credential of this dashboard reaches the account ${v.account}: its zones cannot be checked. Add a credential for it first.`, source: { pointer: '/account' } }])
      }
    }
    const scope = await scopeInAccount(forward, c, v.zones, known, v.account === EVERY_ACCOUNT ? undefined : v.account)
    if (!scope.ok) return scope.res
    if ((await store.grants.set(id, { account: v.account, role: v.role, zones: scope.zones })) === 'last-admin') return lastAdmin()
    const after = await store.grants.of(id)
    if (v.role === 'admin') await askForSecondFactorWhereRequired(store, [id])
    setAuditDetails(c, { area: 'people', resourceType: 'person', resourceId: id, action: 'update', before: { username: target.username, grants: before }, after: { username: target.username, grants: after } })
    return jsonOk(after)
  })

  app.delete('/api/local/people/:person_id/grants/:account', async (c) => {
    const id = c.req.param('person_id')
    const account = c.req.param('account')
    const target = await store.people.byId(id)
    if (!target) return jsonError(404, 1404, 'No such person.')
    const before = await store.grants.of(id)
    const removed = await store.grants.remove(id, account)
    if (removed === 'last-admin') return lastAdmin()
    if (!removed) return jsonError(404, 1404, 'That person has no grant for that account.')
    const after = await store.grants.of(id)
    setAuditDetails(c, { area: 'people', resourceType: 'person', resourceId: id, action: 'update', before: { username: target.username, grants: before }, after: { username: target.username, grants: after } })
    return jsonOk(after)
  })

  app.get('/api/local/me', async (c) => {
    return jsonOk(meView(actorOf(c), c.get('zkPractice') !== undefined))
  })

  // Only the person's own settings: a role or zones are an administrator's to change.
  app.patch('/api/local/me', async (c) => {
    const a = actorOf(c)
    if (a.kind !== 'person') return jsonError(409, 1409, 'Nobody is signed in: with no people defined there is no one to give an e-mail address.')
    const { email } = localBody(c, 'PATCH', '/api/local/me')
    // The same address again keeps who gave it (an administrator's stays theirs).
    const same = email === a.person.email
    const updated = same ? a.person : await store.people.update(a.person.id, { email: { address: email, source: 'self' } })
    if (!updated) return jsonError(404, 1404, 'No such person (they may have been deleted).')
    // Recorded as the other changes to people are: who, before and after (an address is no secret).
    setAuditDetails(c, { area: 'people', resourceType: 'me', resourceId: updated.id, action: 'update', before: personView(a.person), after: personView(updated) })
    return jsonOk(meView({ ...a, person: updated }, c.get('zkPractice') !== undefined))
  })

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

  app.get('/api/local/people', async () => {
    const [extra, zones, apps, passkeys, grants] = await Promise.all([store.changeRequests.people(), store.changeRequests.zones(), store.twoFactor.enabledPeople(), store.passkeys.counts(), store.grants.all()])
    // Who approves or files where: each person's grant in each zone's account.
    const there = personInZoneAccount(store, owner)
    return jsonOk(
      await Promise.all((await store.people.list()).map(async (p) => ({
        ...personView(p),
        mail_wanted: await mailWanted(p, zones, extra.get(p.id)?.mayPropose ?? false, there),
        second_factor: { app: apps.has(p.id), passkeys: passkeys.get(p.id) ?? 0 },
        grants: grants.get(p.id) ?? [],
      }))),
    )
  })

  app.post('/api/local/people', async (c) => {
    const v = localBody(c, 'POST', '/api/local/people')
    if (v.role === 'admin' && v.zones !== '*') return ADMIN_ZONES()
    const scope = await scopeInAccount(forward, c, v.zones)
    if (!scope.ok) return scope.res
    const person = await store.people.add({
      username: v.username,
      displayName: v.display_name,
      role: v.role,
      zones: scope.zones,
      passwordHash: await hashPassword(v.password),
      // Chosen by an administrator: the person picks their own at first sign-in.
      mustChangePassword: true,
      email: v.email ? { address: v.email, source: 'admin' } : null,
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
    const v = localBody(c, 'PATCH', '/api/local/people/:person_id')
    if ((v.role ?? target.role) === 'admin' && v.zones !== undefined && v.zones !== '*') return ADMIN_ZONES()
    let zones = v.zones
    if (zones !== undefined) {
      // Only zones not already in the person's scope are looked up.
      const scope = await scopeInAccount(forward, c, zones, target.zones)
      if (!scope.ok) return scope.res
      zones = scope.zones
    }
    // The store decides (see updateKeepingAnAdmin): two administrators demoting each other at once
    // on two instances cannot both succeed.
    const updated = await store.people.updateKeepingAnAdmin(id, {
      displayName: v.display_name,
      role: v.role,
      zones,
      disabled: v.disabled,
      // Typed by an administrator: a single sign-on claim never replaces it. The same address again (the dialog sends every field) keeps who gave it.
      email: v.email === undefined || v.email === target.email ? undefined : { address: v.email, source: 'admin' },
    })
    if (updated === 'last-admin') {
      return jsonError(409, 1409, 'This is the last active administrator: make someone else an administrator first.')
    }
    if (!updated) return jsonError(404, 1404, 'No such person.')
    // Made an administrator while the policy requires a second factor of administrators: asked for one now.
    if (v.role === 'admin' && target.role !== 'admin') await askForSecondFactorWhereRequired(store, [id])
    // Disabling signs the person out everywhere at once and revokes their personal API tokens.
    if (v.disabled === true) {
      await store.sessions.endAll(id)
      await store.apiTokens.revokeAll(id)
    }
    return jsonOk(personView(updated))
  })

  // Deletes a person: their sessions end and their API tokens and second factor go
  // with them (the store's foreign keys); audit entries keep their name. Never oneself, never the last
  // active administrator (decided by the store: two administrators deleting each other leave one).
  app.delete('/api/local/people/:person_id', async (c) => {
    const id = c.req.param('person_id')
    const me = actorOf(c)
    if (me.kind === 'person' && me.person.id === id) {
      return jsonError(409, 1409, 'You cannot delete yourself: ask another administrator, or disable your account instead.')
    }
    const removed = await store.people.removeKeepingAnAdmin(id)
    if (removed === 'last-admin') {
      return jsonError(409, 1409, 'This is the last active administrator: make someone else an administrator first.')
    }
    if (!removed) return jsonError(404, 1404, 'No such person (they may have been deleted already).')
    return jsonOk({ id: removed.id, username: removed.username, display_name: removed.displayName })
  })

  // Links a single sign-on identity (issuer + sub) to a person: after a sign-in refused because the
  // provider's user name belongs to someone else here, or to migrate someone by hand.
  app.put('/api/local/people/:person_id/sso', async (c) => {
    const id = c.req.param('person_id')
    if (!(await store.people.byId(id))) return jsonError(404, 1404, 'No such person.')
    const identity = localBody(c, 'PUT', '/api/local/people/:person_id/sso')
    const linked = await store.people.linkSso(id, identity)
    if (linked === 'taken') {
      const other = await store.people.bySso(identity)
      return jsonErrors(409, [
        {
          code: 1409,
          message: `That identity is linked to ${other?.username ?? 'someone else'}: unlink it there first.`,
          source: { pointer: '/subject' },
        },
      ])
    }
    if (linked === 'already-linked') return jsonError(409, 1409, 'This person is linked to another identity: unlink it first.')
    if (!linked) return jsonError(404, 1404, 'No such person.')
    return jsonOk(personView(linked))
  })

  // Unlinking ends the person's sessions: whoever signed in through that identity is out.
  app.delete('/api/local/people/:person_id/sso', async (c) => {
    const id = c.req.param('person_id')
    if (!(await store.people.byId(id))) return jsonError(404, 1404, 'No such person.')
    if (!(await store.people.unlinkSso(id))) return jsonError(404, 1404, 'This person has no single sign-on identity.')
    await store.sessions.endAll(id)
    return jsonOk(personView(publicPerson((await store.people.byId(id))!)))
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
