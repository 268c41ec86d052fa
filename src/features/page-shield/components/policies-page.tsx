import { useState } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
// From ./switch, not ./switch-field: the list has no form, so react-hook-form stays out of its first load.
import { Switch } from '@/components/form/switch'
import { HistoryButton } from '@/components/audit/history-button'
import { Badge } from '@/components/ui/badge'
import { Button, buttonClasses } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { PageHeader } from '@/components/ui/page-header'
import { RoleNotice } from '@/components/ui/role-notice'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { TruncatedText } from '@/components/ui/truncated-text'
import { useCanWrite } from '@/lib/access'
import { changeDraft, useProposing } from '@/lib/change-requests'
import type { PageShieldPolicy } from '@/shared/schemas/page-shield-policy'
import { useDeletePolicy, usePolicies, useUpdatePolicy } from '../api/policies'
import { isPolicyAction, POLICY_ACTION_TEXT } from '@/shared/page-shield/policy-actions'
import { describePages } from '../lib/page-patterns'

const route = getRouteApi('/zones/$zoneId/page-shield/policies')
const zoneApi = getRouteApi('/zones/$zoneId')

export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge tone={action === 'allow' ? 'warning' : 'info'} title={isPolicyAction(action) ? POLICY_ACTION_TEXT[action] : undefined}>
      {action === 'allow' ? 'Blocking: only listed sources load' : action === 'log' ? 'Report only: nothing is blocked' : action}
    </Badge>
  )
}

function PolicyItem({
  zoneId,
  policy,
  onDelete,
  canEdit,
  propose,
}: {
  zoneId: string
  policy: PageShieldPolicy
  onDelete: () => void
  canEdit: boolean
  /** On a zone whose changes need approval, the switch adds the change to the request being gathered. */
  propose?: (enabled: boolean) => void
}) {
  const toast = useToast()
  const update = useUpdatePolicy(zoneId)
  const id = `policy-${policy.id}`
  return (
    <li className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">{policy.description}</h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <ActionBadge action={policy.action} />
            <Badge tone={policy.enabled ? 'success' : 'neutral'}>{policy.enabled ? 'Enabled' : 'Disabled'}</Badge>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={id}
            label={`${policy.enabled ? 'Disable' : 'Enable'} policy ${policy.description}`}
            checked={policy.enabled}
            disabled={update.isPending || !canEdit}
            onChange={(enabled) =>
              propose ? propose(enabled) : update.mutate(
                { id: policy.id, input: { enabled } },
                {
                  onSuccess: () => toast.success(enabled ? 'Policy enabled' : 'Policy disabled', policy.description),
                  onError: (e) => toast.error('The policy was not changed', e),
                },
              )
            }
          />
          <Link
            to="/zones/$zoneId/page-shield/policies/$policyId"
            params={{ zoneId, policyId: policy.id }}
            className={buttonClasses('ghost', 'sm')}
          >
            {canEdit ? 'Edit' : 'View'}
            <span className="sr-only"> policy {policy.description}</span>
          </Link>
          <HistoryButton target={{ zoneId, type: 'page_shield_policy', id: policy.id, label: `policy ${policy.description}` }} />
          {canEdit && (
            <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={onDelete}>
              Delete
            </Button>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-zinc-600 dark:text-zinc-400">Applies to</dt>
        <dd className="min-w-0">
          <span className="block text-zinc-900 dark:text-zinc-100">{describePages(policy.expression) ?? 'Pages the expression selects'}</span>
          {policy.expression.trim() !== 'true' && (
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              Expression: <TruncatedText value={policy.expression} max={140} mono />
            </span>
          )}
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Allowed sources</dt>
        <dd className="min-w-0">
          <TruncatedText value={policy.value} max={140} mono />
        </dd>
      </dl>
    </li>
  )
}

/** The zone's content-security policies: enable or disable in place, edit, delete after confirmation. */
export function PoliciesPage() {
  const { zoneId } = route.useParams()
  const toast = useToast()
  const q = usePolicies(zoneId)
  const del = useDeletePolicy(zoneId)
  const [deleting, setDeleting] = useState<PageShieldPolicy | undefined>()
  const role = useCanWrite('page-shield')
  const { zoneName } = zoneApi.useLoaderData()
  // On a zone whose changes need approval, creating, switching and deleting become proposals.
  const proposing = useProposing(zoneId)
  const can = proposing ? { ...role, allowed: true, reason: undefined } : role
  const proposeItem = (item: Parameters<typeof changeDraft.add>[2]) => {
    changeDraft.add(zoneId, zoneName, item)
    toast.success('Added to your change request', `${item.label}: send the request when it holds every change.`)
  }
  const add = can.allowed ? (
    <Link to="/zones/$zoneId/page-shield/policies/new" params={{ zoneId }} className={buttonClasses('primary', 'md')}>
      Create policy
    </Link>
  ) : undefined
  return (
    <>
      <PageHeader
        title="Policies"
        description="A policy lists where scripts and connections may come from on some of your pages. Log reports what it would not allow; Allow blocks it."
        actions={add}
      />
      {!proposing && <RoleNotice permission={can} what="these policies" />}
      {q.isPending ? (
        <LoadingBlock />
      ) : q.error ? (
        <ErrorView error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState
          title="No policies yet"
          description="Start with a Log policy built from the scripts actually seen, check it, then switch it to Allow."
          action={add}
        />
      ) : (
        <ul className="space-y-3" aria-label="Policies">
          {q.data.map((p) => (
            <PolicyItem
              key={p.id}
              zoneId={zoneId}
              policy={p}
              onDelete={() => setDeleting(p)}
              canEdit={can.allowed}
              propose={proposing ? (enabled) => proposeItem({ kind: 'page_shield_policy', action: 'update', recordId: p.id, body: { enabled }, label: `${enabled ? 'Enable' : 'Disable'} policy: ${p.description}` }) : undefined}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this policy?"
        consequence={
          deleting
            ? `The policy "${deleting.description}" will be deleted. ${deleting.enabled && deleting.action === 'allow' ? 'Browsers will stop blocking what it did not allow on its pages.' : 'Its reports stop.'} This cannot be undone.`
            : ''
        }
        confirmLabel={proposing ? 'Propose deletion' : 'Delete policy'}
        pending={del.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          (proposing
            ? (proposeItem({ kind: 'page_shield_policy', action: 'delete', recordId: deleting.id, label: `Delete policy: ${deleting.description}` }), setDeleting(undefined))
            : del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Policy deleted', deleting.description)
              setDeleting(undefined)
            },
            onError: (e) => toast.error('The policy was not deleted', e),
          }))
        }
      />
    </>
  )
}
