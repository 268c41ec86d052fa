import { choice, paramsOf, whole, type AnyField, type Fields, type ListQuery, type QueryOf, type ValueOf } from './query'

/**
 * A list page's URL, derived from the list's query (./query.ts): the filters the page offers (keys of
 * the query, read leniently: a bad value is absent), keys the page keeps in its URL only (`urlOnly`),
 * plus paging and sorting. The page object is the route's `validateSearch` (a Standard Schema
 * validator, which TanStack Router takes as it is), the table's URL options, and the mapper to the
 * API's query. Zod-free: it is in the first-load bundle.
 */

export type Direction = 'asc' | 'desc'

type NoKeys = Record<never, AnyField>

/** The page's search: its filters (typed as the query's fields), its URL-only keys, page, per_page, order, direction. */
export type PageSearch<F extends Fields, K extends keyof F, O extends string, U extends Fields = NoKeys> = { [P in K]?: ValueOf<F[P]> } & {
  [P in keyof U]?: ValueOf<U[P]>
} & {
  page?: number
  per_page?: number
  order?: O
  direction?: Direction
}

/**
 * Who pages the list.
 * - `api` (the default): page and per_page are parameters of the list's query (declared there, read
 *   as the service reads them) and every request sends them.
 * - `browser`: the service answers every item at once and ignores paging (load-balancing pools,
 *   api-notes §13.12; log jobs, §7.1). The list's query then declares no page or per_page (a
 *   declared one would be read, and a bad value refused, where the service answers): the sandbox's
 *   `readQuery` ignores them as it ignores any undeclared key, so it is never stricter than the
 *   service. The page keeps page and per_page in its URL, sends neither, and cuts its rows out of
 *   the whole answer (`pageOf` and `pageSlice`).
 */
export type Paging = 'api' | 'browser'

/** The page a search shows and its size, defaults filled in. */
export interface PageWindow {
  page: number
  perPage: number
}

export interface PageOptions<F extends Fields, K extends keyof F & string, O extends string, U extends Fields = NoKeys> {
  /** The query keys the page's filter bar and URL offer. */
  filters: readonly K[]
  /**
   * Keys of the page's URL that are not the query's own (read as fields are: a bad value is absent),
   * never sent as they are: the load-balancing page's `account` (it goes into the API path), a view
   * the page turns into query values (`map`), or one the dashboard answers itself (page security's
   * review filters). A key may share a query key's name (page security's status tab).
   */
  urlOnly?: U
  /** Who pages the list (see `Paging`); `api` by default. */
  paging?: Paging
  /** Query values a view's URL-only keys stand for (page security's status tab `all`: every status). */
  map?: (search: PageSearch<F, K, O, U>) => QueryOf<F>
  /** The query key the sort is sent as (default `order`; page security's lists call it `order_by`). */
  orderKey?: keyof F & string
  /** Sortable column ids, each an `order` value of the query. */
  orders?: readonly O[]
  /** The order the API applies when none is asked for (shown as the table's sorting). */
  defaultSort?: { id: O; desc: boolean }
  defaultPerPage: number
  /** Page sizes offered; a per_page outside it falls back to the default. */
  pageSizes: readonly number[]
  /** How a filter is sent when not as it is (the zones page's name filter is a `contains:` match). */
  send?: { [P in K]?: (value: ValueOf<F[P]>) => ValueOf<F[P]> }
  /** Sent with every page (the DNS page asks for shadow metadata). */
  always?: QueryOf<F>
}

export interface ListPage<F extends Fields, K extends keyof F & string, O extends string, U extends Fields = NoKeys> {
  readonly query: ListQuery<F>
  readonly filters: readonly K[]
  /** The URL-only keys and their fields (see PageOptions). */
  readonly urlOnly: U
  readonly urlKeys: readonly (keyof U & string)[]
  readonly paging: Paging
  readonly defaultPerPage: number
  readonly pageSizes: readonly number[]
  readonly defaultSort?: { id: O; desc: boolean }
  /** The URL's search: every key of the page present (bad values undefined, so the router's merge drops them). */
  parse(raw: unknown): PageSearch<F, K, O, U>
  /** Standard Schema (https://standardschema.dev): the route's `validateSearch`. `types` is for the type checker only. */
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'zonekeeper'
    readonly validate: (raw: unknown) => { value: PageSearch<F, K, O, U> }
    readonly types?: { readonly input: Partial<PageSearch<F, K, O, U>>; readonly output: PageSearch<F, K, O, U> }
  }
  /** The page a search shows and its size: a per_page the page does not offer reads as the default. */
  pageOf(search: PageSearch<F, K, O, U>): PageWindow
  /**
   * The API query of a page's search: filters as sent, order with the defaults filled in, and paging
   * when the API pages (`paging: 'api'`); URL-only keys only through `map` (one view, one query).
   */
  apiQuery(search: PageSearch<F, K, O, U>): QueryOf<F>
  /** The same query as request parameters, each written as its field writes it (a comma list stays one value): a repeated key's values as a list. */
  apiParams(search: PageSearch<F, K, O, U>): Record<string, string | string[]>
}

/** The rows of one page of a list answered whole (`paging: 'browser'`), in the answer's order. */
export const pageSlice = <T>(items: readonly T[], { page, perPage }: PageWindow): T[] => items.slice((page - 1) * perPage, page * perPage)

const pageNumber = whole(1, 1_000_000)
const perPageNumber = whole(1, 5000)
const directionField = choice(['asc', 'desc'])

export function listPage<
  F extends Fields,
  const K extends keyof F & string,
  const O extends string = never,
  const U extends Fields = NoKeys,
>(query: ListQuery<F>, opts: PageOptions<F, K, O, U>): ListPage<F, K, O, U> {
  const orderField = opts.orders ? choice(opts.orders) : undefined
  const urlOnly = Object.entries(opts.urlOnly ?? {}) as [keyof U & string, AnyField][]
  const paging = opts.paging ?? 'api'
  if (paging === 'browser' && ('page' in query.fields || 'per_page' in query.fields)) {
    throw new Error('A list paged in the browser declares no page or per_page: the service ignores them (see Paging).')
  }
  const parse = (input: unknown): PageSearch<F, K, O, U> => {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const key of opts.filters) out[key] = query.fields[key].fromUrl(raw[key])
    for (const [key, field] of urlOnly) out[key] = field.fromUrl(raw[key])
    out.page = pageNumber.fromUrl(raw.page)
    out.per_page = perPageNumber.fromUrl(raw.per_page)
    out.order = orderField?.fromUrl(raw.order)
    out.direction = directionField.fromUrl(raw.direction)
    return out as PageSearch<F, K, O, U>
  }
  const pageOf = (search: PageSearch<F, K, O, U>): PageWindow => ({
    page: search.page ?? 1,
    perPage: search.per_page && opts.pageSizes.includes(search.per_page) ? search.per_page : opts.defaultPerPage,
  })
  const orderKey = opts.orderKey ?? 'order'
  const sorts = orderKey in query.fields
  const apiQuery = (search: PageSearch<F, K, O, U>): QueryOf<F> => {
    const out: Record<string, unknown> = {}
    for (const key of opts.filters) {
      const v = search[key] as ValueOf<F[K]> | undefined
      if (v !== undefined) out[key] = opts.send?.[key] ? opts.send[key](v) : v
    }
    for (const [key, v] of Object.entries(opts.map?.(search) ?? {})) if (v !== undefined) out[key] = v
    if (sorts) {
      const order = search.order ?? opts.defaultSort?.id
      if (order !== undefined) out[orderKey] = order
      out.direction = search.direction ?? (search.order ? 'asc' : opts.defaultSort?.desc ? 'desc' : 'asc')
    }
    if (paging === 'api') {
      const { page, perPage } = pageOf(search)
      out.page = page
      out.per_page = perPage
    }
    return { ...out, ...opts.always } as QueryOf<F>
  }
  return {
    query,
    filters: opts.filters,
    urlOnly: (opts.urlOnly ?? {}) as U,
    urlKeys: urlOnly.map(([key]) => key),
    paging,
    defaultPerPage: opts.defaultPerPage,
    pageSizes: opts.pageSizes,
    defaultSort: opts.defaultSort,
    parse,
    '~standard': { version: 1, vendor: 'zonekeeper', validate: (raw) => ({ value: parse(raw) }) },
    pageOf,
    apiQuery,
    apiParams: (search) => paramsOf(query.write(apiQuery(search))),
  }
}
