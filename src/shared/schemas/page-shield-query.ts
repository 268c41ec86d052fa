import { connectionsQuery, cookiesQuery, scriptsQuery } from '../lists/page-shield'
import { querySchema } from './list-query'

/**
 * Queries of the script, connection and cookie lists as the endpoint table declares them: the shared
 * list queries (src/shared/lists/page-shield.ts), which the sandbox reads and the pages' URLs derive from.
 */
export const scriptsQuerySchema = querySchema(scriptsQuery)
export const connectionsQuerySchema = querySchema(connectionsQuery)
export const cookiesQuerySchema = querySchema(cookiesQuery)
