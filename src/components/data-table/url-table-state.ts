import * as z from 'zod/mini'
import type { PaginationState, SortingState } from '@tanstack/react-table'

/*
 * URL search schemas are built with `zod/mini` on purpose: route search validation is part of the
 * first-load bundle, and zod/mini costs ~5 KB gzipped where classic zod costs ~24 KB.
 * Every helper turns a bad value into "absent" instead of failing, so a pasted URL always opens.
 */

const optionalOf = <T>(fn: (v: unknown) => T | undefined) => z.optional(z.pipe(z.unknown(), z.transform(fn)))

/** Free text. The router parses "123" or "true" as JSON, so numbers and booleans become text again. */
export const searchTextSchema = optionalOf((v): string | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined
  const s = String(v).trim()
  return s === '' ? undefined : s
})

/** Yes/no: true, false, "true", "false"; anything else is absent. */
export const searchBooleanSchema = optionalOf((v): boolean | undefined => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined))

/** One of a fixed set of values; anything else is absent. */
export const searchEnumSchema = <const T extends readonly string[]>(values: T) =>
  optionalOf((v): T[number] | undefined => (typeof v === 'string' && values.includes(v) ? v : undefined))

/** A whole number from min to max; anything else is absent. */
export const searchIntSchema = (min: number, max: number) =>
  optionalOf((v): number | undefined => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined
  })

/** A list of values from a fixed set (repeated filter such as type=A&type=AAAA); absent when empty. */
export const searchEnumListSchema = <const T extends readonly string[]>(values: T) =>
  optionalOf((v): T[number][] | undefined => {
    const list = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).filter((x): x is T[number] => typeof x === 'string' && values.includes(x))
    return list.length ? [...new Set(list)] : undefined
  })

const baseShape = {
  page: searchIntSchema(1, 1_000_000),
  per_page: searchIntSchema(1, 5000),
  order: searchTextSchema,
  direction: searchEnumSchema(['asc', 'desc']),
}

/**
 * The search params every table shares (page 1-based, per_page, order = a column id, direction)
 * plus the table's own filters: `tableSearchSchema({ name: searchTextSchema, status: searchEnumSchema([...]) })`.
 * Use the result as the route's `validateSearch`.
 */
export function tableSearchSchema<S extends Record<string, z.ZodMiniType>>(filters: S = {} as S) {
  return z.object({ ...baseShape, ...filters })
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
