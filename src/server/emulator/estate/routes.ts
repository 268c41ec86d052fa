import type { Context } from 'hono'
import { accountsQuery, ACCOUNTS_DEFAULT_PER_PAGE } from '../../../shared/lists/accounts'
import type { Account } from '../../../shared/schemas/account'
import { ApiError } from '../api-error'
import { ok } from '../http'
import { stableId } from '../ids'
import { escapeLike, pagedRows, pagingOf, readQuery, Where } from '../list-engine'
import { requireAccount } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { reachOfRequest } from './reach'

const toAccount = (row: { id: string; name: string }): Account => ({
  id: row.id,
  name: row.name,
  type: 'standard',
  settings: { enforce_twofactor: false, api_access_enabled: null, abuse_contact_email: null },
})

/**
 * The service's answer to a token verified at the wrong place (an account token at /user, a user
 * token under an account): 401, "Invalid API Token" (clients then try the other endpoint).
 */
const invalidToken = () => ApiError.of(401, 1000, 'Invalid API Token')

const verified = (c: Context, id: string) =>
  c.json({
    result: { id, status: 'active', not_before: null, expires_on: null },
    success: true,
    errors: [],
    messages: [{ code: 10000, message: 'This API Token is valid and active', type: null }],
  })

/**
 * Accounts the credential reaches (the list and one), and the token checks. The guard before every
 * request (reach.ts) has already refused an account outside the credential's reach.
 */
export function estateHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/accounts', (c) => {
    const q = readQuery(c, accountsQuery)
    const where = new Where()
    const reach = reachOfRequest(c).accountSql('a.id')
    where.add(reach.sql, ...reach.params)
    if (q.name) where.add("a.name LIKE ? ESCAPE '\\'", `%${escapeLike(q.name)}%`)
    const dir = q.direction === 'desc' ? 'DESC' : 'ASC'
    const { rows, info } = pagedRows<{ id: string; name: string }>(db, {
      select: 'a.id, a.name',
      from: 'accounts a',
      where,
      order: `a.name ${dir}, a.id ${dir}`,
      paging: pagingOf(q, ACCOUNTS_DEFAULT_PER_PAGE),
    })
    return ok(c, rows.map(toAccount), info)
  })

  table.get('/accounts/:account_id', (c) => ok(c, toAccount(requireAccount(db, c.req.param('account_id')))))

  // A credential the sandbox does not know is any client's token: active, as before (never stricter).
  table.get('/user/tokens/verify', (c) => {
    const token = reachOfRequest(c).token
    if (token?.kind === 'account') throw invalidToken()
    return verified(c, token?.id ?? stableId('sandbox-token'))
  })

  table.get('/accounts/:account_id/tokens/verify', (c) => {
    const token = reachOfRequest(c).token
    if (token?.kind === 'user') throw invalidToken()
    if (!token) requireAccount(db, c.req.param('account_id'))
    return verified(c, token?.id ?? stableId('sandbox-token'))
  })
}
