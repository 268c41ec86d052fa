import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { LIST_SCOPES, type ListScope } from '@/features/change-requests/api/list-scopes'
import { rootRoute } from '../root-route'

/** `/change-requests` and one request. */
export const changeRequestRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/change-requests',
    // The open tab is in the URL, so a link or a reload keeps it; anything else opens the default.
    validateSearch: (search: Record<string, unknown>): { tab?: ListScope } =>
      LIST_SCOPES.includes(search.tab as ListScope) ? { tab: search.tab as ListScope } : {},
    component: lazyRouteComponent(() => import('@/features/change-requests/components/change-requests-page'), 'ChangeRequestsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/change-requests/$requestId',
    component: lazyRouteComponent(() => import('@/features/change-requests/components/change-request-page'), 'ChangeRequestPage'),
  }),
] as const
