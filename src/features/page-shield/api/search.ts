import {
  searchBooleanSchema,
  searchEnumSchema,
  searchTextSchema,
  tableSearchSchema,
  type SearchOf,
  type UrlTableOptions,
} from '@/components/data-table/url-table-state'

import { REVIEW_VERDICTS } from '@/shared/page-shield/review-verdicts'

// Route-level search validation: no zod here (first-load bundle rule, see src/components/README.md).

/** Status tabs: the API's active (its default), infrequent, or every status. */
export const STATUS_TABS = ['active', 'infrequent', 'all'] as const
export type StatusTab = (typeof STATUS_TABS)[number]
export const RESOURCE_ORDERS = ['first_seen_at', 'last_seen_at'] as const

const resourceFilters = {
  status: searchEnumSchema(STATUS_TABS),
  hosts: searchTextSchema,
  urls: searchTextSchema,
  page_url: searchTextSchema,
  malicious_first: searchBooleanSchema,
}

export const scriptsSearchSchema = tableSearchSchema({
  ...resourceFilters,
  /** Applied to the scripts read (the API has neither): review state, and integrity score below 10. */
  review: searchEnumSchema(['needs', 'new', 'changed']),
  malicious_only: searchBooleanSchema,
})
export type ScriptsSearch = SearchOf<typeof scriptsSearchSchema>

export const connectionsSearchSchema = tableSearchSchema({
  ...resourceFilters,
  /** Verdicts on connections (issue 28 item 5): answered by the dashboard's connection index. */
  review: searchEnumSchema(['needs', 'new', 'changed']),
})
export type ConnectionsSearch = SearchOf<typeof connectionsSearchSchema>

export const cookiesSearchSchema = tableSearchSchema({
  name: searchTextSchema,
  hosts: searchTextSchema,
  page_url: searchTextSchema,
  type: searchEnumSchema(['first_party', 'unknown']),
  same_site: searchEnumSchema(['lax', 'strict', 'none']),
  secure: searchBooleanSchema,
  http_only: searchBooleanSchema,
})
export type CookiesSearch = SearchOf<typeof cookiesSearchSchema>

export const reviewsSearchSchema = tableSearchSchema({ verdict: searchEnumSchema(REVIEW_VERDICTS) })

/** per_page is 1–100 for these lists; newest sightings first unless the URL says otherwise. */
export const resourceTableOptions: UrlTableOptions = {
  defaultPerPage: 25,
  pageSizes: [25, 50, 100],
  defaultSort: { id: 'last_seen_at', desc: true },
}

const statusParam = (tab: StatusTab | undefined) => (tab === 'all' ? 'active,infrequent,inactive' : (tab ?? 'active'))

type Base = { order?: string; direction?: 'asc' | 'desc'; page?: number; per_page?: number }

/** Sorting and paging as the API takes them; sent explicitly so live and sandbox agree. */
export function pagingParams(search: Base) {
  const order = search.order && (RESOURCE_ORDERS as readonly string[]).includes(search.order) ? search.order : 'last_seen_at'
  const perPage =
    search.per_page && resourceTableOptions.pageSizes?.includes(search.per_page)
      ? search.per_page
      : resourceTableOptions.defaultPerPage
  return {
    order_by: order,
    direction: search.direction ?? (search.order ? 'asc' : 'desc'),
    page: search.page ?? 1,
    per_page: perPage,
  }
}

/** The filters of a scripts / connections view, as API query parameters (no paging). */
export function resourceFilterParams(search: ConnectionsSearch) {
  return {
    status: statusParam(search.status),
    hosts: search.hosts,
    urls: search.urls,
    page_url: search.page_url,
    prioritize_malicious: search.malicious_first ? true : undefined,
  }
}

export function cookieFilterParams(search: CookiesSearch) {
  return {
    name: search.name,
    hosts: search.hosts,
    page_url: search.page_url,
    type: search.type,
    same_site: search.same_site,
    secure: search.secure,
    http_only: search.http_only,
  }
}
