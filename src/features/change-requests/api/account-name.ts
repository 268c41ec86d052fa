import { useQuery } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/**
 * Names the account a request belongs to (its `account`; null: the deployment's default account),
 * when the deployment reaches more than one, as the shell's account switcher shows itself only then
 * (the same list, under the same key: asked once). Undefined with one account, or until the list is known.
 */
export function useAccountName(): (account: string | null) => string | undefined {
  const scope = useQuery({ queryKey: keys.accountsInScope, queryFn: ({ signal }) => localCall('GET', '/api/local/accounts', { signal }), staleTime: 60_000 })
  const accounts = scope.data?.accounts ?? []
  return (account) => {
    if (accounts.length < 2) return undefined
    const id = account ?? scope.data?.default ?? null
    return accounts.find((a) => a.id === id)?.name ?? account ?? 'Default account'
  }
}
