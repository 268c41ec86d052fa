import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { parseSearchUrl } from '@/features/search/api/search-records'
import { rootRoute } from '../root-route'

/** `/search`: one search across every zone's DNS records (the dashboard's record index); what was asked in the URL. */
export const searchRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/search',
    validateSearch: parseSearchUrl,
    component: lazyRouteComponent(() => import('@/features/search/components/search-page'), 'SearchPage'),
  }),
] as const
