import type { Context, Hono, MiddlewareHandler } from 'hono'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import type { ScopeCredential } from '../../shared/schemas/accounts-scope'
import { jsonError, jsonOk } from '../http/envelope'
import { requestAccount } from '../http/request-account'
import { API_DOOR } from '../http/pipeline'
import type { Forward, ForwardRequest } from '../upstream'
import type { Store } from '../store'
import type { AccountScope } from './scope'

/** What a request naming an account acts through, set once by the account step for every later send. */
export interface AccountVia {
  credential: ScopeCredential
  /** Live: the stored credential's id (the live send picks its upstream by it). */
  stored?: string
  /** Sandbox: the Bearer token the emulator is asked with (its estate binding decides what it reaches). */
  token?: string
}

declare module 'hono' {
  interface ContextVariableMap {
    zkVia: AccountVia | undefined
  }
}

/** The service's refusal of an account the credential does not reach (api-notes §1.4: 403, 9109). */
const OUT_OF_REACH = 9109
const BAD_HEADER = 1001

/**
 * Chooses the credential a request acts through in `account` (zkVia, for every later send of the
 * request), or answers why it cannot: an account no credential reaches is a 403 (9109), nothing sent.
 */
export type ActInAccount = (c: Context, account: string) => Promise<Response | undefined>

export function actInAccount(scope: AccountScope, vault: Store['credentials'], sandbox: boolean): ActInAccount {
  return async (c, account) => {
    const chosen = await accountVia(scope, vault, sandbox, account)
    if ('refused' in chosen) return jsonError(403, OUT_OF_REACH, chosen.refused)
    if (chosen.via) c.set('zkVia', chosen.via)
    return undefined
  }
}

/**
 * The account step of the API door: a request naming an account (ACCOUNT_HEADER) is sent through
 * the credential that reaches it, decided here once; a malformed name is a 400 and an account no
 * credential reaches a 403, before anything is sent. No header: the deployment's default, untouched.
 */
export function accountStep(scope: AccountScope, vault: Store['credentials'], sandbox: boolean): MiddlewareHandler {
  const act = actInAccount(scope, vault, sandbox)
  return async (c, next) => {
    const named = requestAccount(c)
    if (named.invalid) {
      return jsonError(400, BAD_HEADER, `The ${ACCOUNT_HEADER} header must be an account id (32 hexadecimal digits); nothing was sent.`)
    }
    if (!named.account) return next()
    return (await act(c, named.account)) ?? next()
  }
}

/**
 * What a request naming `account` is sent through (`via` undefined: the deployment's own way, as
 * with no header), or why nothing may be sent (no credential reaches it; its credential was
 * removed). The account step's choice, also made per zone by work that spans accounts (search/replace.ts).
 */
export async function accountVia(scope: Pick<AccountScope, 'route'>, vault: Pick<Store['credentials'], 'secretOf'>, sandbox: boolean, account: string): Promise<{ via: AccountVia | undefined } | { refused: string }> {
  const route = await scope.route(account)
  if (!route) return { refused: `Unauthorized to access requested resource: no credential of this dashboard reaches the account ${account}.` }
  if (route.kind === 'own') return { via: route.token ? { credential: route.credential, token: route.token } : undefined }
  if (!sandbox) return { via: { credential: route.credential, stored: route.credential.id } }
  // The sandbox: the stored credential's secret (read now: a replacement on any instance counts) is the emulator's token.
  const secret = await vault.secretOf(route.credential.id)
  if (!secret) return { refused: `Unauthorized to access requested resource: the credential that reached the account ${account} was removed.` }
  return { via: { credential: route.credential, token: secret.kind === 'token' ? secret.token : '' } }
}

/**
 * The forward every send of a request goes through (the door's read, a write command's send, the
 * audit's reads on its behalf): carries the account step's choice onto the request it sends.
 */
export const viaForward =
  (inner: Forward): Forward =>
  (req, c) =>
    inner(sentVia(req, c.get('zkVia')), c)

/** A request as sent through the account step's choice (`via`; undefined: the deployment's own way). */
export const sentVia = (req: ForwardRequest, via: AccountVia | undefined): ForwardRequest => (via ? { ...req, credential: via.token ?? req.credential, via: via.stored } : req)

export function registerAccounts(app: Hono, { scope, vault, sandbox }: { scope: AccountScope; vault: Store['credentials']; sandbox: boolean }): ActInAccount {
  app.get('/api/local/accounts', async () => jsonOk(await scope.list()))
  app.use(`${API_DOOR}/*`, accountStep(scope, vault, sandbox))
  return actInAccount(scope, vault, sandbox)
}
