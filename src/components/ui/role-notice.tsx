import { useQuery } from '@tanstack/react-query'
import type { Permission } from '@/lib/access'
import { healthQueryOptions } from '@/lib/health'

/**
 * One line telling a person why a page offers no changes (their role), instead of buttons that fail.
 * Live, it adds where they can try it anyway: their own practice sandbox.
 */
export function RoleNotice({ permission, what }: { permission: Permission; what: string }) {
  const live = useQuery(healthQueryOptions()).data?.mode === 'live'
  if (permission.allowed || !permission.reason || permission.reason.startsWith('Checking')) return null
  return (
    <p
      role="note"
      className="mb-4 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
    >
      You can read {what}. {permission.reason}
      {live &&
        ' To try changes without any risk, use “Practise safely” at the top: your own copy of demo data, where every role may change things.'}
    </p>
  )
}
