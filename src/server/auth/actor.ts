import type { Context } from 'hono'
import type { Person, ZoneScope } from '../store'

/**
 * Who is making a request: a signed-in person, or the local administrator (sandbox or live on
 * loopback with nobody defined yet: the quick start opens without signing in, as it always did).
 */
export type Actor =
  | {
      kind: 'person'
      /** Role and zones: the person's grant in the request's account (store/person-grants.ts). */
      person: Person
      sessionHandle: string
      /** The session is switched to practice. */
      practice?: boolean
      /** The account the request names (its header); absent: the deployment's default account. */
      account?: string
    }
  | { kind: 'local'; person: Pick<Person, 'username' | 'displayName' | 'role' | 'zones'> & { id: null } }

export const LOCAL_ADMIN: Actor = {
  kind: 'local',
  person: { id: null, username: 'local', displayName: 'Local administrator', role: 'admin', zones: '*' },
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the access gate (auth/index.ts) on every request it lets through. */
    zkActor: Actor
  }
}

export const setActor = (c: Context, actor: Actor) => c.set('zkActor', actor)
/** The request's actor; every route behind the gate has one. */
export function actorOf(c: Context): Actor {
  const a = c.get('zkActor')
  if (!a) throw new Error('No actor on this request: the access gate did not run.')
  return a
}
/** The request's actor when the access gate has run (the audit recorder also sees refused requests). */
export const maybeActor = (c: Context): Actor | undefined => c.get('zkActor')

export { hasRole, ROLE_WORDS } from '../../shared/access'

export function inScope(zones: ZoneScope, zoneName: string): boolean {
  return zones === '*' || zones.includes(zoneName.toLowerCase())
}
