import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/people` (administrators: who may sign in), `/account` (your role, zones and sessions) and `/credentials` (administrators: API credentials). */
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
  // `/credentials` (administrators): the deployment's API credentials (the vault). In this list, not a
  // file of its own: every route's declaration is in every page's first load (the bundle budget).
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/credentials',
    component: lazyRouteComponent(() => import('@/features/credentials/components/credentials-page'), 'CredentialsPage'),
  }),
] as const
