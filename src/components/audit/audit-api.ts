import { localPath, local } from '@/lib/api-client'
import type { AuditEntryView, UndoCheckView } from '@/shared/audit'
import { keys } from '@/lib/query-keys'

/** The audit log's list (declared in the endpoint table's LOCAL_ROUTES, like every call here). */
export const AUDIT_BASE = localPath('/api/local/audit', {})

/** One object's entries, newest first (`type`: dns_record, page_shield_policy, ruleset). */
export const historyQueryOptions = (zoneId: string, type: string, id: string) => ({
  queryKey: keys.audit.history(zoneId, type, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    local.get<AuditEntryView[]>('/api/local/audit/history', { params: { zone_id: zoneId, type, id }, signal }),
})

export const checkUndo = (id: number, signal?: AbortSignal) =>
  local.get<UndoCheckView>(localPath('/api/local/audit/:id/undo-check', { id }), { signal })

/** Sends the undo; `confirm` after the person has seen the differences. Resolves to the API's answer. */
export async function runUndo(id: number, confirm: boolean): Promise<unknown> {
  return local.post(localPath('/api/local/audit/:id/undo', { id }), { body: { confirm } })
}

export const restorePointUrl = (id: number) => localPath('/api/local/audit/:id/restore-point', { id })

/** One entry whole (lists leave a bulk before and after out: see AuditEntryView.omitted). */
export const auditEntryQueryOptions = (id: number) => ({
  queryKey: keys.audit.entry(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => local.get<{ entry: AuditEntryView }>(localPath('/api/local/audit/:id', { id }), { signal }),
  staleTime: 5 * 60_000,
})
