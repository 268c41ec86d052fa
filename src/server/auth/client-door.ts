import type { Hono } from 'hono'
import { rawTarget, splitTarget } from '../http/guard'
import { apiRequestOf } from '../http/pipeline'
import { publicPerson, type Store } from '../store'
import { accessRefusal, needForClientPath } from './access'
import { setActor } from './actor'
import type { zoneScope } from './zone-scope'

const CLIENT_DOOR = '/client/v4'
const BEARER = /^Bearer +(\S+) *$/i

/**
 * The sandbox's /client/v4 door once sign-in is required: an API client presenting a personal API
 * token (made on the dashboard's account page) acts as its owner, with the owner's role and zones.
 * Anything else goes on to the door itself: the service's own 9106 / 6003 answers, and its
 * SANDBOX_API_TOKEN check (403, code 10000, for unknown or revoked tokens). While nobody is defined
 * on loopback, any well-formed credential works, as before.
 */
export function registerClientDoorAccess(
  app: Hono,
  { store, signInRequired, scope }: { store: Store; signInRequired: () => Promise<boolean>; scope: ReturnType<typeof zoneScope> },
): void {
  app.use(`${CLIENT_DOOR}/*`, async (c, next) => {
    if (!(await signInRequired())) return next()
    const auth = c.req.header('authorization')
    const bearer = auth === undefined ? undefined : BEARER.exec(auth)?.[1]
    const personId = bearer ? await store.apiTokens.resolve(bearer) : undefined
    const person = personId ? await store.people.byId(personId) : undefined
    if (!person || person.disabled) return next()
    const actor = { kind: 'person' as const, person: publicPerson(person), sessionHandle: '' }
    setActor(c, actor)
    const method = c.req.method.toUpperCase()
    const { path } = splitTarget(rawTarget(c))
    const apiPath = path.slice(CLIENT_DOOR.length) || '/'
    const refusal = await accessRefusal(c, actor, needForClientPath(method, apiPath, apiRequestOf(c)?.endpoint), apiPath, scope)
    if (refusal) return refusal
    if (method === 'GET' && apiPath.replace(/\/+$/, '') === '/zones' && person.zones !== '*') return scope.scopedZoneList(c, person.zones)
    await next()
  })
}
