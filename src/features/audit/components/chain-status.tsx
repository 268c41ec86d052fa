import { useMe } from '@/lib/access'
import { useAuditChain } from '../api/get-audit-chain'

/** For administrators: whether the log's tamper-evident chain still matches, up to which entry. */
export function ChainStatus() {
  const me = useMe()
  const admin = me.data?.person.role === 'admin' && !me.data.practice
  const chain = useAuditChain(admin)
  if (!admin) return null
  if (chain.isPending) return <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">Verifying the chain of entries…</p>
  if (chain.isError) return <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">The chain of entries could not be verified just now.</p>
  const c = chain.data
  if (c.ok) {
    return (
      <p className="text-sm text-emerald-800 dark:text-emerald-300" role="status">
        {c.verifiedUpTo === null ? 'Chain verified: no entries yet.' : `Chain verified up to entry ${c.verifiedUpTo}`}
        {c.anchorId > 0 ? ` (from the retention checkpoint after entry ${c.anchorId})` : ''}
      </p>
    )
  }
  return (
    <p className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200" role="alert">
      The chain does not verify{c.brokenAt !== null ? ` at entry ${c.brokenAt}` : ''}: {c.reason}
      {c.verifiedUpTo !== null ? ` Verified up to entry ${c.verifiedUpTo}.` : ''}
    </p>
  )
}
