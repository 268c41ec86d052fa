import type { Permission } from '@/lib/access'

/** One line telling a person why a page offers no changes (their role), instead of buttons that fail. */
export function RoleNotice({ permission, what }: { permission: Permission; what: string }) {
  if (permission.allowed || !permission.reason || permission.reason.startsWith('Checking')) return null
  return (
    <p
      role="note"
      className="mb-4 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
    >
      You can read {what}. {permission.reason}
    </p>
  )
}
