import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Switch } from '@/components/form/switch'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { useCan, useMe } from '@/lib/access'
import { localCall } from '@/lib/api-client'
import { useZoneApproval } from '@/lib/change-requests'
import type { ApproverMode, ZoneApprovalSettings } from '@/shared/schemas/change-requests'
import { keys } from '@/lib/query-keys'

const MODES: { id: ApproverMode; label: string }[] = [
  { id: 'admins', label: 'Administrators only' },
  { id: 'editors', label: 'Administrators and every editor of this zone' },
  { id: 'named', label: 'Administrators and the people named (on the People page)' },
]

/** Zone overview: administrators mark the zone "changes need approval" and choose who approves. */
export function ZoneApprovalCard({ zoneId }: { zoneId: string }) {
  const approval = useZoneApproval(zoneId)
  // In practice the person sets it for their own copy (to practise proposing and approving alone).
  const practising = useMe().data?.practice === true
  const admin = useCan('admin', undefined, 'dashboard').allowed || practising
  const toast = useToast()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (s: Omit<ZoneApprovalSettings, 'zoneId'>) => localCall('PUT', '/api/local/change-requests/zones/:zone_id', { path: { zone_id: zoneId }, body: s }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.changeRequests.all }),
    onError: (e) => toast.error('Not saved', e),
  })
  const a = approval.data
  if (!a) return null
  const set = (change: Partial<Omit<ZoneApprovalSettings, 'zoneId'>>) => save.mutate({ required: a.required, approverMode: a.approverMode, approverIds: a.approverIds, reviewEveryone: a.reviewEveryone, ...change })
  return (
    <Card title="Change approval" description="When on, DNS changes by editors are proposed first and applied only once someone else approves them (Change requests). Administrators may still change records directly.">
      <div className="space-y-3 text-sm">
        <div className="flex items-center gap-3">
          <Switch checked={a.required} disabled={!admin || save.isPending} onChange={(on) => set({ required: on })} label="Changes need approval" />
          <span aria-hidden="true">Changes need approval</span>
        </div>
        {a.required && (
          <label className="block font-medium">
            Who approves
            <select
              className="mt-1 block w-full max-w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-600 dark:bg-zinc-800"
              value={a.approverMode}
              disabled={!admin || save.isPending}
              onChange={(e) => set({ approverMode: e.target.value as ApproverMode })}
            >
              {MODES.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {a.required && !practising && (
          <div>
            <div className="flex items-center gap-3">
              <Switch checked={a.reviewEveryone === true} disabled={!admin || save.isPending} onChange={(on) => set({ reviewEveryone: on })} label="Review for everyone" />
              <span aria-hidden="true">Review for everyone</span>
            </div>
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">
              {a.reviewEveryone
                ? "Administrators' changes need approval too: they propose, and someone else approves. Turn this off to change records directly in an incident."
                : "Administrators' own changes are saved at once, without review."}
            </p>
          </div>
        )}
        {!admin && <p className="text-zinc-600 dark:text-zinc-400">Only administrators change this.</p>}
        {practising && (
          <p className="text-zinc-600 dark:text-zinc-400">
            Practice: this setting is for your own copy. Turn it on, propose a change on the DNS page, then approve it yourself under Change requests.
          </p>
        )}
      </div>
    </Card>
  )
}
