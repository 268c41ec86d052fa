import { useCallback, useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { functionalUpdate, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table'
import {
  cleanSearch,
  paginationFromSearch,
  paginationToSearch,
  sortingFromSearch,
  sortingToSearch,
  type TableSearch,
  type UrlTableOptions,
} from './url-table-state'

/** Anything with a `useSearch()` hook: a route from `getRouteApi('/zones')` or a `createRoute(...)` result. */
export interface RouteWithSearch<S> {
  useSearch: () => S
}

export interface UrlTableState<S extends TableSearch> {
  /** The route's validated search params (filters included). */
  search: S
  pagination: PaginationState
  sorting: SortingState
  onPaginationChange: (updater: Updater<PaginationState>) => void
  onSortingChange: (updater: Updater<SortingState>) => void
  /** Sets one filter (undefined/"" removes it) and goes back to page 1. */
  setFilter: (key: string, value: string | boolean | undefined) => void
  /** Removes the given filters (or all keys other than paging/sorting when none given). */
  clearFilters: (keys: string[]) => void
  /** Moves to a page without adding a history entry (used to step back from a page past the end). */
  replacePageIndex: (pageIndex: number) => void
  pageSizes: readonly number[]
}

// The router's navigate is typed per route; this hook is generic over routes, so it uses a loose signature.
type LooseNavigate = (opts: { to: '.'; search: (prev: Record<string, unknown>) => Record<string, unknown>; replace?: boolean }) => Promise<void>

/**
 * The table's paging, sorting and filters, read from and written to the URL search params,
 * so a reload or a shared link shows the same view.
 */
export function useUrlTableState<S extends TableSearch>(route: RouteWithSearch<S>, opts: UrlTableOptions): UrlTableState<S> {
  const search = route.useSearch()
  const navigate = useNavigate() as unknown as LooseNavigate
  const pagination = useMemo(() => paginationFromSearch(search, opts), [search, opts])
  const sorting = useMemo(() => sortingFromSearch(search, opts), [search, opts])

  const patch = useCallback(
    (values: Record<string, unknown>, replace = false) => {
      void navigate({ to: '.', search: (prev) => cleanSearch({ ...prev, ...values }), replace })
    },
    [navigate],
  )
  const replacePageIndex = useCallback(
    (pageIndex: number) => patch(paginationToSearch({ ...pagination, pageIndex }, pagination, opts), true),
    [patch, pagination, opts],
  )
  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => patch(paginationToSearch(functionalUpdate(updater, pagination), pagination, opts)),
    [patch, pagination, opts],
  )
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => patch(sortingToSearch(functionalUpdate(updater, sorting), opts)),
    [patch, sorting, opts],
  )
  const setFilter = useCallback((key: string, value: string | boolean | undefined) => patch({ [key]: value, page: undefined }), [patch])
  const clearFilters = useCallback(
    (keys: string[]) => patch({ ...Object.fromEntries(keys.map((k) => [k, undefined])), page: undefined }),
    [patch],
  )
  return {
    search,
    pagination,
    sorting,
    onPaginationChange,
    onSortingChange,
    setFilter,
    clearFilters,
    replacePageIndex,
    pageSizes: opts.pageSizes ?? [opts.defaultPerPage],
  }
}
