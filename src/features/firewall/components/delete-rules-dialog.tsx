import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { plural } from '@/lib/format'
import type { FirewallRule } from '@/shared/schemas/firewall'
import { ActionBadge, ruleName } from './firewall-columns'

/** Confirmation that lists every rule that will go, and how many requests it takes. */
export function DeleteRulesDialog({
  rules,
  requests,
  zoneName,
  onConfirm,
  onCancel,
}: {
  rules: FirewallRule[]
  requests: number
  zoneName: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const n = rules.length
  return (
    <ConfirmDialog
      open={n > 0}
      title={n === 1 ? 'Delete this firewall rule?' : `Delete ${plural(n, 'firewall rule')}?`}
      consequence={
        <>
          {n === 1 ? 'This rule' : `These ${n} rules`} will be deleted from {zoneName} and stop acting on requests at once. This cannot be undone.{' '}
          {n === 1 ? 'Its filter (the expression it matches) is kept and can be reused.' : 'Their filters (the expressions they match) are kept and can be reused.'}
          {requests > 1 && ` The deletion is sent as ${requests} requests, so each stays short enough for every network hop; you can cancel between them.`}
        </>
      }
      confirmLabel={n === 1 ? 'Delete rule' : `Delete ${plural(n, 'rule')}`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ul aria-label="Rules that will be deleted" className="max-h-64 divide-y divide-zinc-100 overflow-y-auto rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-700">
        {rules.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className="block break-words text-zinc-900 dark:text-zinc-100">{ruleName(r)}</span>
              <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">{r.id}</span>
            </span>
            {r.action && <ActionBadge action={r.action} />}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  )
}
