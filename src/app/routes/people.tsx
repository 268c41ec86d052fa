import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/people` (administrators: who may sign in) and `/account` (your role, zones and sessions). */
export const peopleRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/people',
    component: lazyRouteComponent(() => import('@/features/people/components/people-page'), 'PeoplePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/account',
    component: lazyRouteComponent(() => import('@/features/people/components/account-page'), 'AccountPage'),
  }),
] as const
