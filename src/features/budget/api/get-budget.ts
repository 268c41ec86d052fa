import { queryOptions, useQuery } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import { localCall } from '@/lib/api-client'

export type { BudgetPanelData, CallSeries } from '@/shared/schemas/local'

export const budgetQueryOptions = () =>
  queryOptions({
    queryKey: keys.budget,
    queryFn: ({ signal }) => localCall('GET', '/api/local/budget', { signal }),
    refetchInterval: 5_000,
  })
export const useBudget = () => useQuery(budgetQueryOptions())
