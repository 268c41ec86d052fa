import { z } from 'zod'
import { poolsQuery } from '../lists/pools'
import { querySchema } from '../schemas/list-query'
import { poolSchema, poolsClearEmailBodySchema } from '../schemas/load-balancing'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Account pools: read, and the bulk clearing of the legacy e-mail. */
export const loadBalancingEndpoints = declare('load-balancing', [
  {
    method: 'GET',
    path: '/accounts/:account_id/load_balancers/pools',
    query: querySchema(poolsQuery),
    result: lazySchema(() => z.array(poolSchema)),
  },
  { method: 'GET', path: '/accounts/:account_id/load_balancers/pools/:pool_id', result: poolSchema },
  {
    method: 'PATCH',
    path: '/accounts/:account_id/load_balancers/pools',
    body: poolsClearEmailBodySchema,
    result: lazySchema(() => z.array(poolSchema)),
    audit: { type: 'pool' },
  },
])
