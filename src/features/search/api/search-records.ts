import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'
import { recordSearchQuery, RECORD_SEARCH_FIELDS, type RecordSearchField } from '@/shared/search/record-search'
import { ALL_DNS_RECORD_TYPES, type AnyDnsRecordType } from '@/shared/dns/record-type-names'

/** The Search page's URL: what was searched for (the route's `validateSearch`); anything else is dropped. */
export interface RecordSearchUrl {
  q?: string
  field?: RecordSearchField
  type?: AnyDnsRecordType
  page?: number
}

export function parseSearchUrl(raw: Record<string, unknown>): RecordSearchUrl {
  const f = recordSearchQuery.fields
  const out: RecordSearchUrl = {}
  const q = f.q.fromUrl(raw.q)
  if (q) out.q = q
  const field = f.field.fromUrl(raw.field)
  if (field && field !== 'any') out.field = field
  const type = f.type.fromUrl(raw.type)
  if (type) out.type = type
  const page = f.page.fromUrl(raw.page)
  if (page && page > 1) out.page = page
  return out
}

const paramsOf = (s: RecordSearchUrl) => {
  const p: Record<string, string> = {}
  if (s.q) p.q = s.q
  if (s.field) p.field = s.field
  if (s.type) p.type = s.type
  if (s.page) p.page = String(s.page)
  return p
}

/** Nothing asked yet: no search is sent (the page says what it would cover). */
export const hasSearch = (s: RecordSearchUrl) => Boolean(s.q || s.type)

const recordSearchOptions = (s: RecordSearchUrl) =>
  queryOptions({
    queryKey: keys.recordSearch(s),
    queryFn: ({ signal }) => localCall('GET', '/api/local/search/records', { params: paramsOf(s), signal }),
    placeholderData: keepPreviousData,
  })
export const useRecordSearch = (s: RecordSearchUrl) => useQuery({ ...recordSearchOptions(s), enabled: hasSearch(s) })

/** Every match as CSV, with what the search covered on its first line. */
export const recordSearchCsvUrl = (s: RecordSearchUrl) =>
  `/api/local/search/records?${new URLSearchParams({ ...paramsOf({ ...s, page: undefined }), format: 'csv' })}`

export { ALL_DNS_RECORD_TYPES, RECORD_SEARCH_FIELDS }
