import { useQuery } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** What needs attention within the signed-in person's scope (the server applies the scope and bounds its API reads). */
export const useAttention = () =>
  useQuery({ queryKey: keys.attention, queryFn: ({ signal }) => localCall('GET', '/api/local/attention', { signal }), staleTime: 60_000 })
