import type { Hono } from 'hono'
import { jsonError, jsonOk } from '../http/envelope'
import { localBody } from '../local/read-body'
import type { Store } from '../store'
import { secondFactorAccountKey } from '../auth/two-factor'
import { askForSecondFactorWhereRequired } from '../auth/second-factor-need'

/**
 * Administrators: who must use a second factor (optional, admins, everyone), and a person's reset
 * (they lost their phone, passkeys and recovery codes; at their next sign-in they set one up again when
 * it is required). Roles are checked before these run (auth/endpoint-roles.ts); the audit log's
 * write recorder records both.
 */
export function registerTwoFactorRoutes(app: Hono, store: Store): void {
  app.get('/api/local/settings/two-factor', async () => jsonOk({ policy: await store.twoFactor.policy() }))
  app.put('/api/local/settings/two-factor', async (c) => {
    const { policy } = localBody(c, 'PUT', '/api/local/settings/two-factor')
    await store.twoFactor.setPolicy(policy)
    // People signed in before the policy required a second factor of them are asked for one now.
    await askForSecondFactorWhereRequired(store)
    return jsonOk({ policy })
  })
  app.delete('/api/local/people/:person_id/two-factor', async (c) => {
    const id = c.req.param('person_id')
    const person = await store.people.byId(id)
    if (!person) return jsonError(404, 1404, 'No such person.')
    // The app, its recovery codes and every passkey: at the next sign-in they set one up again when required.
    const app = await store.twoFactor.reset(id)
    const passkeys = await store.passkeys.removeAll(id)
    // A lost phone is also how an owner gets out of a lock after too many wrong codes.
    await store.throttle.clear([secondFactorAccountKey(person.username)])
    return jsonOk({ reset: app || passkeys > 0 })
  })
}
