import { keys } from '@/lib/query-keys'
import { localPath, localCall } from '@/lib/api-client'

/** The audit log's list (declared in the endpoint table's LOCAL_ROUTES, like every call here). */
export const AUDIT_BASE = localPath('/api/local/audit', {})

/** One object's entries, newest first (`type`: dns_record, page_shield_policy, ruleset). */
export const historyQueryOptions = (zoneId: string, type: string, id: string) => ({
  queryKey: keys.audit.history(zoneId, type, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    localCall('GET', '/api/local/audit/history', { params: { zone_id: zoneId, type, id }, signal }),
})

export const checkUndo = (id: number, signal?: AbortSignal) =>
  localCall('GET', '/api/local/audit/:id/undo-check', { path: { id }, signal })

/** Sends the undo; `confirm` after the person has seen the differences. Resolves to the API's answer. */
export async function runUndo(id: number, confirm: boolean): Promise<unknown> {
  return localCall('POST', '/api/local/audit/:id/undo', { path: { id }, body: { confirm } })
}

export const restorePointUrl = (id: number) => localPath('/api/local/audit/:id/restore-point', { id })

/** One entry whole (lists leave a bulk before and after out: see AuditEntryView.omitted). */
export const auditEntryQueryOptions = (id: number) => ({
  queryKey: keys.audit.entry(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => localCall('GET', '/api/local/audit/:id', { path: { id }, signal }),
  staleTime: 5 * 60_000,
})
