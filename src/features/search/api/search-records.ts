import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'
import { RECORD_SEARCH_FIELDS } from '@/shared/search/record-search'
import { ALL_DNS_RECORD_TYPES } from '@/shared/dns/record-type-names'

/** The Search page's URL (its route's `validateSearch`, src/app/routes/search.tsx, reads it). */
export interface RecordSearchUrl {
  q?: string
  field?: 'name' | 'content' | 'comment' | 'tag'
  type?: string
  page?: number
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
