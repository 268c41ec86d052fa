import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/change-requests` and one request. */
export const changeRequestRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/change-requests',
    component: lazyRouteComponent(() => import('@/features/change-requests/components/change-requests-page'), 'ChangeRequestsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/change-requests/$requestId',
    component: lazyRouteComponent(() => import('@/features/change-requests/components/change-request-page'), 'ChangeRequestPage'),
  }),
] as const
