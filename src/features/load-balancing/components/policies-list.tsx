import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { Card } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate, plural } from '@/lib/format'
import type { LB_HEALTH_ALERT as SharedHealthAlert, NotificationPolicy } from '@/shared/schemas/alerting'
import { useDeleteNotificationPolicy } from '../api/delete-notification-policy'
import { useNotificationPolicies } from '../api/get-notification-policies'
import { useCanWrite } from '@/lib/access'

/** The shared constant, typed against it (tsc fails if they differ) but not imported: its module brings zod. */
const LB_HEALTH_ALERT: typeof SharedHealthAlert = 'load_balancing_health_alert'

const typeLabel = (t: string) => (t === LB_HEALTH_ALERT ? 'Pool health' : t === 'load_balancing_pool_enablement_alert' ? 'Pool enabled/disabled' : t)

function describe(p: NotificationPolicy): string {
  const f = p.filters ?? {}
  const parts = [plural(f.pool_id?.length ?? 0, 'pool')]
  if (f.new_health?.length) parts.push(`when ${f.new_health.join(' or ').toLowerCase()}`)
  if (f.event_source?.length) parts.push(`(${f.event_source.join(', ')} events)`)
  return parts.join(' ')
}

/** The account's notification policies for load balancing (and any other type, shown by name). */
export function PoliciesList({ accountId }: { accountId: string }) {
  const q = useNotificationPolicies(accountId)
  const del = useDeleteNotificationPolicy(accountId)
  // Deleting a policy is account-level work (the page says why when it is not offered).
  const canDelete = useCanWrite('alerting', 'account').allowed
  const toast = useToast()
  const [target, setTarget] = useState<NotificationPolicy | undefined>()
  return (
    <Card title="Notification policies" description="Who is told when a pool or origin changes health. These replace the legacy e-mail.">
      {q.isPending ? (
        <LoadingBlock />
      ) : q.error ? (
        <ErrorView error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState title="No notification policies yet" description="The migration assistant above creates them from the legacy e-mails." />
      ) : (
        <ul aria-label="Notification policies" className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {q.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{p.name}</p>
                <p className="text-zinc-700 dark:text-zinc-300">
                  {typeLabel(p.alert_type)} · {describe(p)} · to {(p.mechanisms.email ?? []).map((e) => e.id).join(', ') || 'webhooks only'}
                </p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {p.enabled ? 'Enabled' : 'Disabled'} · created {formatDate(p.created)}
                </p>
              </div>
              {canDelete && (
                <Button size="sm" variant="ghost" onClick={() => setTarget(p)}>
                  Delete<span className="sr-only"> {p.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!target}
        title="Delete this notification policy?"
        consequence={`“${target?.name ?? ''}” will be deleted: its recipients stop getting these notifications. Pools whose legacy e-mail was already cleared will notify nobody.`}
        confirmLabel="Delete policy"
        pending={del.isPending}
        onCancel={() => setTarget(undefined)}
        onConfirm={() =>
          target &&
          del.mutate(target.id, {
            onSuccess: () => {
              toast.success('Policy deleted', target.name)
              setTarget(undefined)
            },
            onError: (e) => toast.error('Policy not deleted', e),
          })
        }
      />
    </Card>
  )
}
