import { matchEndpoint } from '../endpoints'
import type { ForwardRequest } from '.'

/**
 * A read of an endpoint of the table, sent as one (`matched`, as the API door sends a request): the
 * sandbox calls its handler straight (callTable in emulator/table-routes.ts) instead of routing an
 * in-process HTTP request, and the budget counts its area without matching it again. A path the
 * table does not have goes as it is.
 */
export function tableRead(pathAndQuery: string, accept?: string): ForwardRequest {
  const q = pathAndQuery.indexOf('?')
  const endpoint = matchEndpoint('GET', q < 0 ? pathAndQuery : pathAndQuery.slice(0, q))
  return { method: 'GET', pathAndQuery, ...(accept ? { accept } : {}), ...(endpoint ? { matched: { endpoint } } : {}) }
}
