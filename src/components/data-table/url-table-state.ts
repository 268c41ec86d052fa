import type { PaginationState, SortingState } from '@tanstack/react-table'

/*
 * URL search validation without zod: route `validateSearch` is part of the first-load bundle, and
 * zod (even zod/mini, which shares its core with the classic zod the forms use) adds ~15 KB gzipped
 * to every page. Each field reader turns a bad value into "absent" instead of failing, so a pasted
 * URL always opens.
 */

/** Reads one search param: the value, or undefined when it is absent or not acceptable. */
export type SearchField<T> = (value: unknown) => T | undefined

/** Free text. The router parses "123" or "true" as JSON, so numbers and booleans become text again. */
export const searchTextSchema: SearchField<string> = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined
  const s = String(v).trim()
  return s === '' ? undefined : s
}

/** One of a fixed set of values; anything else is absent. */
export const searchEnumSchema =
  <const T extends readonly string[]>(values: T): SearchField<T[number]> =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : undefined

/** A whole number from min to max; anything else is absent. */
export const searchIntSchema =
  (min: number, max: number): SearchField<number> =>
  (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined
  }

/** A list of values from a fixed set (repeated filter such as type=A&type=AAAA or "A,AAAA"); absent when empty. */
export const searchEnumListSchema =
  <const T extends readonly string[]>(values: T): SearchField<T[number][]> =>
  (v) => {
    const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []
    const list = raw.filter((x): x is T[number] => typeof x === 'string' && values.includes(x))
    return list.length ? [...new Set(list)] : undefined
  }

const baseFields = {
  page: searchIntSchema(1, 1_000_000),
  per_page: searchIntSchema(1, 5000),
  order: searchTextSchema,
  direction: searchEnumSchema(['asc', 'desc']),
}

type Fields = Record<string, SearchField<unknown>>
/** The validated search of a set of fields: every key optional. */
export type SearchOfFields<F extends Fields> = { [K in keyof F]?: F[K] extends SearchField<infer T> ? T : never }

/**
 * A route `validateSearch` (TanStack Router's validator-adapter shape). `types` and `_zod` exist for
 * the type checker only, so `z.output<typeof schema>` gives the output type.
 */
export interface SearchValidator<T> {
  parse: (input: unknown) => T
  readonly types: { readonly input: Partial<T>; readonly output: T }
  readonly _zod: { readonly input: Partial<T>; readonly output: T }
}

/** A validator from field readers: bad values become undefined; unknown keys are not part of the result. */
export function searchSchema<F extends Fields>(fields: F): SearchValidator<SearchOfFields<F>> {
  const parse = (input: unknown) => {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
    const out: Record<string, unknown> = {}
    // Every declared key is set, undefined included: the router merges the result over the raw
    // search, so an absent key would let a bad raw value through.
    for (const [key, read] of Object.entries(fields)) out[key] = read(raw[key])
    return out as SearchOfFields<F>
  }
  // `types` / `_zod` are type-level markers (never read at run time).
  const marker = {} as SearchValidator<SearchOfFields<F>>['types']
  return { parse, types: marker, _zod: marker }
}

/**
 * The search params every table shares (page 1-based, per_page, order = a column id, direction)
 * plus the table's own filters: `tableSearchSchema({ name: searchTextSchema, status: searchEnumSchema([...]) })`.
 * Use the result as the route's `validateSearch`; its type is `z.output<typeof schema>`.
 */
export function tableSearchSchema<F extends Fields = Record<never, never>>(filters: F = {} as F) {
  return searchSchema({ ...baseFields, ...filters } as typeof baseFields & F)
}

export type TableSearch = {
  page?: number
  per_page?: number
  order?: string
  direction?: 'asc' | 'desc'
}

export interface UrlTableOptions {
  defaultPerPage: number
  /** Allowed page sizes; a per_page outside it falls back to the default. */
  pageSizes?: readonly number[]
  /** Sorting shown when the URL has none (the API's own default order). */
  defaultSort?: { id: string; desc: boolean }
}

export function paginationFromSearch(search: TableSearch, opts: UrlTableOptions): PaginationState {
  const size = search.per_page && (!opts.pageSizes || opts.pageSizes.includes(search.per_page)) ? search.per_page : opts.defaultPerPage
  return { pageIndex: (search.page ?? 1) - 1, pageSize: size }
}

export function sortingFromSearch(search: TableSearch, opts: UrlTableOptions): SortingState {
  if (search.order) return [{ id: search.order, desc: search.direction === 'desc' }]
  return opts.defaultSort ? [opts.defaultSort] : []
}

/** Search patch for new pagination; a page size change goes back to page 1. Defaults are left out of the URL. */
export function paginationToSearch(next: PaginationState, prev: PaginationState, opts: UrlTableOptions): Partial<TableSearch> {
  const sizeChanged = next.pageSize !== prev.pageSize
  const page = sizeChanged ? 1 : next.pageIndex + 1
  return { page: page > 1 ? page : undefined, per_page: next.pageSize === opts.defaultPerPage ? undefined : next.pageSize }
}

/**
 * The last page that holds rows when the URL asks for one past the end (a shared link to a page that
 * no longer exists, or the last rows of the last page deleted); undefined when the page is fine.
 * Zero-based, like PaginationState.pageIndex.
 */
export function pageIndexPastEnd(pagination: PaginationState, totalCount: number | undefined): number | undefined {
  if (totalCount === undefined || pagination.pageIndex === 0) return undefined
  const lastIndex = Math.max(0, Math.ceil(totalCount / pagination.pageSize) - 1)
  return pagination.pageIndex > lastIndex ? lastIndex : undefined
}

/** Search patch for new sorting (single-column); back to page 1. */
export function sortingToSearch(next: SortingState, opts: UrlTableOptions): Partial<TableSearch> {
  const first = next[0]
  const isDefault = !first || (opts.defaultSort && first.id === opts.defaultSort.id && first.desc === opts.defaultSort.desc)
  if (!first || isDefault) return { order: undefined, direction: undefined, page: undefined }
  return { order: first.id, direction: first.desc ? 'desc' : 'asc', page: undefined }
}

/** Drops undefined, null and empty-string values so the URL only carries what differs from defaults. */
export function cleanSearch<T extends Record<string, unknown>>(search: T): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== null && v !== '') out[k] = v
  return out as Partial<T>
}
