import { connectionsQuery, cookiesQuery, scriptsQuery } from '../lists/page-shield'
import { querySchema } from './list-query'
import { lazySchema } from './lazy'

/**
 * Queries of the script, connection and cookie lists as the endpoint table declares them: the shared
 * list queries (src/shared/lists/page-shield.ts), which the sandbox reads and the pages' URLs derive from.
 */
export const scriptsQuerySchema = lazySchema(() => querySchema(scriptsQuery))
export const connectionsQuerySchema = lazySchema(() => querySchema(connectionsQuery))
export const cookiesQuerySchema = lazySchema(() => querySchema(cookiesQuery))
