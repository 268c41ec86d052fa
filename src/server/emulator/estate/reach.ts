import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { Db } from '../module'
import { ESTATE_ACCOUNT_IDS, SANDBOX_TOKENS, type SandboxToken } from './data'

/**
 * What the presented credential reaches. A seeded sandbox token (estate/data.ts) reaches only its
 * accounts; any other credential, and none (the dashboard's own calls), reaches what every caller
 * reached before: every account but the agency's (the demo account, the SDK suite's), so clients
 * pointed at the sandbox with any token run unchanged.
 */
export interface Reach {
  /** The seeded token presented, if one was. */
  token?: SandboxToken
  reaches: (accountId: string) => boolean
  /** SQL (with its parameters) that keeps rows whose `column` is an account this reaches. */
  accountSql: (column: string) => { sql: string; params: string[] }
}

const ESTATE_IDS = [...ESTATE_ACCOUNT_IDS]

const UNBOUND: Reach = {
  reaches: (id) => !ESTATE_ACCOUNT_IDS.has(id),
  accountSql: (column) => ({ sql: `${column} NOT IN (${ESTATE_IDS.map(() => '?').join(', ')})`, params: ESTATE_IDS }),
}

const boundTo = (token: SandboxToken): Reach => {
  const ids = new Set(token.accounts)
  return {
    token,
    reaches: (id) => ids.has(id),
    accountSql: (column) => ({ sql: `${column} IN (${token.accounts.map(() => '?').join(', ')})`, params: [...token.accounts] }),
  }
}
const BOUND = new Map(SANDBOX_TOKENS.map((t) => [t.value, boundTo(t)]))

/** The header that carries the credential into the emulator (both the routed path and calls straight to a handler). */
export const CREDENTIAL_HEADER = 'authorization'
const BEARER = /^Bearer +(\S+) *$/i

/** The reach of a presented credential (a Bearer token's value; undefined for none or an e-mail + key pair). */
export const reachOf = (credential: string | undefined): Reach => (credential !== undefined && BOUND.get(credential)) || UNBOUND

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the emulator's one step before every request (guardReach): what its credential reaches. */
    zkReach: Reach | undefined
  }
}

/** The reach of the request a handler serves (set by guardReach; unbound if none was set). */
export const reachOfRequest = (c: Context): Reach => c.get('zkReach') ?? UNBOUND

/** The service's refusal of a zone or account the token does not reach (api-notes §1.4: 403, 9109). */
export const outOfReach = () => ApiError.of(403, 9109, 'Unauthorized to access requested resource')

const ZONE_PATH = /^\/zones\/([^/]+)/
const ACCOUNT_PATH = /^\/accounts\/([^/]+)/

/**
 * The binding, in one place: run before every request of the emulator (routed or straight to a
 * handler). Reads the credential the request carries, puts its reach on the context for the lists
 * (zones, accounts), and refuses a zone- or account-scoped path outside it. A zone the sandbox does
 * not hold is left to its handler (404, as before).
 */
const accountOfZone = new WeakMap<Db, (id: string) => { account_id: string } | undefined>()

export function guardReach(c: Context, db: Db, pathname: string): void {
  const credential = BEARER.exec(c.req.header(CREDENTIAL_HEADER) ?? '')?.[1]
  const reach = reachOf(credential)
  c.set('zkReach', reach)
  const zoneId = ZONE_PATH.exec(pathname)?.[1]
  if (zoneId !== undefined) {
    let lookup = accountOfZone.get(db)
    if (!lookup) {
      const statement = db.prepare('SELECT account_id FROM zones WHERE id = ?')
      accountOfZone.set(db, (lookup = (id) => statement.get(id) as { account_id: string } | undefined))
    }
    const zone = lookup(zoneId)
    if (zone && !reach.reaches(zone.account_id)) throw outOfReach()
    return
  }
  const accountId = ACCOUNT_PATH.exec(pathname)?.[1]
  if (accountId !== undefined && !reach.reaches(accountId)) throw outOfReach()
}
