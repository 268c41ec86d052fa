import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { withAccount } from '@/lib/account'
import { AUDIT_BASE } from '@/components/audit/audit-api'
import { ApiRequestError, localPath, type ListResult } from '@/lib/api-client'
import type { AuditEntryView } from '@/shared/audit'
import type { ResultInfo } from '@/shared/schemas/common'
import { auditPage, type AuditSearch } from './audit-search'
import { keys } from '@/lib/query-keys'

interface Envelope {
  success: boolean
  errors: { code: number; message: string }[]
  result: AuditEntryView[]
  result_info: ResultInfo
}

export async function getAuditLog(search: AuditSearch, signal?: AbortSignal): Promise<ListResult<AuditEntryView>> {
  const res = await fetch(`${AUDIT_BASE}?${auditPage.query.write(auditPage.apiQuery(search))}`, { credentials: 'same-origin', headers: withAccount({ Accept: 'application/json' }), signal })
  const body = (await res.json().catch(() => null)) as Envelope | null
  if (!res.ok || !body?.success) throw new ApiRequestError(res.status, body?.errors ?? [])
  return { result: body.result, resultInfo: body.result_info }
}

export const auditLogQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: keys.audit.log(auditPage.apiQuery(search)),
    queryFn: ({ signal }) => getAuditLog(search, signal),
    placeholderData: keepPreviousData,
  })

export const useAuditLog = (search: AuditSearch) => useQuery(auditLogQueryOptions(search))

/** The CSV of the current filter (every matching entry, not only this page). */
export function auditCsvUrl(search: AuditSearch): string {
  const q = auditPage.query.write({ ...auditPage.apiQuery(search), page: undefined, per_page: undefined }).toString()
  return `${localPath('/api/local/audit/export.csv', {})}${q ? `?${q}` : ''}`
}
