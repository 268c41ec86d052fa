import { z } from 'zod'
import { accountsQuery } from '../lists/accounts'
import { accountSchema, tokenVerifySchema } from '../schemas/account'
import { querySchema } from '../schemas/list-query'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** The accounts the credential reaches: the list (name filter, page-style) and one account. */
export const accountsEndpoints = declare('zones', [
  { method: 'GET', path: '/accounts', query: querySchema(accountsQuery), result: lazySchema(() => z.array(accountSchema)) },
  { method: 'GET', path: '/accounts/:account_id', result: accountSchema },
])

/** The credential's own check: a user token at /user, an account token under its account. */
export const tokenVerifyEndpoints = declare('user', [
  { method: 'GET', path: '/user/tokens/verify', result: tokenVerifySchema },
  { method: 'GET', path: '/accounts/:account_id/tokens/verify', result: tokenVerifySchema },
])
