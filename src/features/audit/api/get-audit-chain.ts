import { queryOptions, useQuery } from '@tanstack/react-query'
import { local } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** What GET /api/local/audit/chain answers (administrators only): the walk of the tamper-evident chain. */
export interface AuditChainView {
  ok: boolean
  checked: number
  verifiedUpTo: number | null
  brokenAt: number | null
  reason: string | null
  anchorId: number
}

export const auditChainQueryOptions = () =>
  queryOptions({
    queryKey: keys.audit.chain,
    queryFn: ({ signal }) => local.get<AuditChainView>('/api/local/audit/chain', { signal }),
    staleTime: 60_000,
  })

export const useAuditChain = (enabled: boolean) => useQuery({ ...auditChainQueryOptions(), enabled })
