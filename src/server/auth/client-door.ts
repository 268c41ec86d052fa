import type { Hono } from 'hono'
import { jsonError } from '../envelope'
import { rawTarget, splitTarget } from '../guard'
import { publicPerson, type Store } from '../store'
import { accessRefusal, needForClientPath } from './access'
import type { zoneScope } from './zone-scope'

const CLIENT_DOOR = '/client/v4'
const BEARER = /^Bearer +(\S+) *$/i

const authError = (message: string) =>
  jsonError(403, 10000, `Authentication error: ${message}`)

/**
 * The sandbox's /client/v4 door once sign-in is required: API clients present a personal API token
 * (made on the dashboard's account page) and act as its owner, with the owner's role and zones.
 * While nobody is defined on loopback, any well-formed credential works, as before.
 * Malformed or missing credentials are left to the door itself (the service's own 9106 / 6003).
 */
export function registerClientDoorAccess(
  app: Hono,
  { store, signInRequired, scope }: { store: Store; signInRequired: () => Promise<boolean>; scope: ReturnType<typeof zoneScope> },
): void {
  app.use(`${CLIENT_DOOR}/*`, async (c, next) => {
    if (!(await signInRequired())) return next()
    const auth = c.req.header('authorization')
    const bearer = auth === undefined ? undefined : BEARER.exec(auth)?.[1]
    if (bearer === undefined) {
      if (auth === undefined && c.req.header('x-auth-key') !== undefined && c.req.header('x-auth-email') !== undefined) {
        return authError('this sandbox takes personal API tokens (Authorization: Bearer zk_…), not an e-mail and key.')
      }
      return next() // nothing or malformed: the door answers as the service does
    }
    const personId = await store.apiTokens.resolve(bearer)
    const person = personId ? await store.people.byId(personId) : undefined
    if (!person || person.disabled) {
      return authError('unknown or revoked token. Make a personal API token on your account page in the dashboard.')
    }
    const actor = { kind: 'person' as const, person: publicPerson(person), sessionHandle: '' }
    const method = c.req.method.toUpperCase()
    const { path } = splitTarget(rawTarget(c))
    const apiPath = path.slice(CLIENT_DOOR.length) || '/'
    const refusal = await accessRefusal(c, actor, needForClientPath(method, apiPath), apiPath, scope)
    if (refusal) return refusal
    await next()
    if (method === 'GET' && apiPath.replace(/\/+$/, '') === '/zones') c.res = await scope.filterZoneList(c.res, person.zones)
  })
}
