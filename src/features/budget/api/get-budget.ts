import { queryOptions, useQuery } from '@tanstack/react-query'
import { local } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** One series of calls: by area or by person, per minute over the last hour. */
export interface CallSeries {
  name: string
  total: number
  perMinute: { minute: number; calls: number }[]
}

/** `/api/local/budget` (administrators): the API rate budget every instance shares, and where it goes. */
export interface BudgetPanelData {
  live: boolean
  now?: number
  budget?: {
    quota: number
    windowSeconds: number
    remaining: number
    resetInSeconds: number
    blockedForSeconds: number
    reservedForPages: number
    floor: number
    /** The last requests of the window only administrators' reads may spend. */
    reservedForAdmins?: number
    observedAt: number
  } | null
  byArea?: CallSeries[]
  byPerson?: CallSeries[]
  /** Each person's calls in the current window (every instance's), and the most one person may make. */
  shares?: { percent: number; limit: number; windowSeconds: number; people: { name: string; calls: number }[] }
  cache?: {
    hits: number
    coalesced: number
    sent: number
    ttlMs: number
    entries: { path: string; ageMs: number; hits: number; bytes: number }[]
  }
  refused?: { interactive: number; long: number }
}

export const budgetQueryOptions = () =>
  queryOptions({
    queryKey: keys.budget,
    queryFn: ({ signal }) => local.get<BudgetPanelData>('/api/local/budget', { signal }),
    refetchInterval: 5_000,
  })
export const useBudget = () => useQuery(budgetQueryOptions())
