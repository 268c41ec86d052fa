import { queryOptions } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/**
 * The counts beside "Change requests" in the side navigation. Apart from ./change-requests (which
 * re-exports it) because the navigation is in the shell every page loads first: the requests' other
 * queries and their steps (mutations) load with the change-request pages.
 */
export const changeRequestSummaryQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.summary,
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests/summary', { signal }),
    refetchInterval: 60_000,
  })
