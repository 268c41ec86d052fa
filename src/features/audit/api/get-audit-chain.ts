import { queryOptions, useQuery } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import { localCall } from '@/lib/api-client'

export const auditChainQueryOptions = () =>
  queryOptions({
    queryKey: keys.audit.chain,
    queryFn: ({ signal }) => localCall('GET', '/api/local/audit/chain', { signal }),
    staleTime: 60_000,
  })

export const useAuditChain = (enabled: boolean) => useQuery({ ...auditChainQueryOptions(), enabled })
