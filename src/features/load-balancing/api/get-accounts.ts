import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

export interface AccountRef {
  id: string
  name: string
}

interface ZoneAccount {
  account?: { id?: string; name?: string }
}

/**
 * The accounts the dashboard can see, derived from the zones list (each zone carries its account):
 * there is no account list endpoint in the allowlist. Ordered by name.
 */
export async function getAccounts(signal?: AbortSignal): Promise<AccountRef[]> {
  const accounts = new Map<string, string>()
  for (let page = 1; page <= 200; page++) {
    const { result, resultInfo } = await api.list<ZoneAccount>('/zones', { params: { page, per_page: 50 }, signal })
    for (const z of result) if (z.account?.id) accounts.set(z.account.id, z.account.name ?? z.account.id)
    if (result.length < 50 || page >= resultInfo.total_pages) break
  }
  return [...accounts.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

export const accountsQueryOptions = () => queryOptions({ queryKey: keys.lb.accounts, queryFn: ({ signal }) => getAccounts(signal), staleTime: 60_000 })

export const useAccounts = () => useQuery(accountsQueryOptions())
