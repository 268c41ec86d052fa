import { ApiRequestError, requestLocal } from '@/lib/api-client'
import type { AuditEntryView, UndoCheckView } from '@/shared/audit'

export const AUDIT_BASE = '/api/local/audit'

/** One object's entries, newest first (`type`: dns_record, page_shield_policy, ruleset). */
export const historyQueryOptions = (zoneId: string, type: string, id: string) => ({
  queryKey: ['audit', 'history', zoneId, type, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    requestLocal<AuditEntryView[]>('GET', `${AUDIT_BASE}/history?${new URLSearchParams({ zone_id: zoneId, type, id })}`, undefined, signal),
})

export const checkUndo = (id: number, signal?: AbortSignal) => requestLocal<UndoCheckView>('GET', `${AUDIT_BASE}/${id}/undo-check`, undefined, signal)

/** Sends the undo; `confirm` after the person has seen the differences. Resolves to the API's answer. */
export async function runUndo(id: number, confirm: boolean): Promise<unknown> {
  return requestLocal('POST', `${AUDIT_BASE}/${id}/undo`, { confirm })
}

export const isConflict = (err: unknown) => err instanceof ApiRequestError && err.status === 409

export const restorePointUrl = (id: number) => `${AUDIT_BASE}/${id}/restore-point`
