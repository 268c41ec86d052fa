import { api, type ApiErrorItem, apiPath, ApiRequestError } from '@/lib/api-client'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import type { DnsBatchKind } from '@/shared/schemas/dns-records-batch'
import { dnsPage, type DnsSearch } from './dns-search'
import { DNS_RECORDS } from './get-dns-records'

export type DnsBatchBody = Partial<Record<DnsBatchKind, Record<string, unknown>[]>>
export type DnsBatchResult = Record<DnsBatchKind, DnsRecord[]>

/** `POST …/dns_records/batch`: one transaction on the service, all or nothing. */
export const batchDnsRecords = (zoneId: string, body: DnsBatchBody, signal?: AbortSignal, onAuditEntry?: (id: number) => void) =>
  api.post<DnsBatchResult>(apiPath('/zones/:zone_id/dns_records/batch', { zone_id: zoneId }), body, { signal, onAuditEntry })

/** Records one batch request may hold on the zone's plan (the service: 200 on Free, 3,500 on paid plans). */
export const batchLimitFor = (planLegacyId: string | undefined) => (planLegacyId && planLegacyId !== 'free' ? 3500 : 200)

const NOT_APPLIED: ApiErrorItem = {
  code: 0,
  message: 'Not changed: a batch is all or nothing, and another record in it was refused (see that record).',
}

/**
 * One batch of one kind for the bulk runner: resolves to one entry per item (null: done). When the
 * service refuses the batch, the errors that point at an item (`/deletes/3/id`) go to that item and
 * every other item is reported as not changed; an error that points at no item fails them all.
 */
export async function runBatchOf(
  zoneId: string,
  kind: DnsBatchKind,
  items: Record<string, unknown>[],
  /** The audit entry of each batch that went through (so the whole run can be undone). */
  onAuditEntry?: (id: number) => void,
): Promise<(ApiRequestError | null)[]> {
  try {
    await batchDnsRecords(zoneId, { [kind]: items }, undefined, onAuditEntry)
    return items.map(() => null)
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err
    return splitBatchErrors(err, kind, items.length)
  }
}

export function splitBatchErrors(err: ApiRequestError, kind: DnsBatchKind, count: number): (ApiRequestError | null)[] {
  const prefix = new RegExp(`^/${kind}/(\\d+)(/.*)?$`)
  const perItem = new Map<number, ApiErrorItem[]>()
  for (const e of err.errors) {
    const m = prefix.exec(e.source?.pointer ?? '')
    if (!m) throw err
    const index = Number(m[1])
    perItem.set(index, [...(perItem.get(index) ?? []), { ...e, source: m[2] ? { pointer: m[2] } : undefined }])
  }
  return Array.from({ length: count }, (_, i) => new ApiRequestError(err.status, perItem.get(i) ?? [NOT_APPLIED]))
}

/** Every record matching the page's filters (all pages), for "select all matching"; SOA left out. */
export async function getAllMatchingRecords(zoneId: string, search: DnsSearch, signal?: AbortSignal): Promise<DnsRecord[]> {
  const perPage = 5000
  const params = { ...dnsPage.apiQuery({ ...search, page: undefined, per_page: undefined }), per_page: perPage }
  const all: DnsRecord[] = []
  for (let page = 1; ; page++) {
    const res = await api.list<DnsRecord>(apiPath(DNS_RECORDS, { zone_id: zoneId }), { params: { ...params, page }, signal })
    all.push(...res.result)
    if (res.result.length < perPage || page >= res.resultInfo.total_pages) break
  }
  return all.filter((r) => r.type !== 'SOA')
}
