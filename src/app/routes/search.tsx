import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** What was searched for (the page's URL). Kept tiny here: this file is in every page's first load. */
export interface RecordSearchUrl {
  q?: string
  field?: 'name' | 'content' | 'comment' | 'tag'
  /** A DNS record type; the server refuses an unknown one with a message naming it. */
  type?: string
  page?: number
}
const FIELDS = new Set(['name', 'content', 'comment', 'tag'])

function parseSearchUrl(raw: Record<string, unknown>): RecordSearchUrl {
  const out: RecordSearchUrl = {}
  if (typeof raw.q === 'string' && raw.q && raw.q.length <= 200) out.q = raw.q
  if (typeof raw.field === 'string' && FIELDS.has(raw.field)) out.field = raw.field as RecordSearchUrl['field']
  if (typeof raw.type === 'string' && /^[A-Z0-9]{1,12}$/.test(raw.type)) out.type = raw.type
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page)
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page
  return out
}

/** `/search`: one search across every zone's DNS records (the dashboard's record index); what was asked in the URL. */
export const searchRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/search',
    validateSearch: parseSearchUrl,
    component: lazyRouteComponent(() => import('@/features/search/components/search-page'), 'SearchPage'),
  }),
] as const
