import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import {
  connectionsSearchSchema,
  cookiesSearchSchema,
  reviewsSearchSchema,
  scriptsSearchSchema,
} from '@/features/page-shield/api/search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/page-shield`: monitoring, detected scripts / connections / cookies, policies, review ledger. */
const pageShieldRoute = createRoute({
  getParentRoute: () => zoneRoute,
  path: 'page-shield',
  component: lazyRouteComponent(() => import('@/features/page-shield/components/page-shield-layout'), 'PageShieldLayout'),
})

const parent = () => pageShieldRoute

export const pageShieldRoutes = [
  pageShieldRoute.addChildren([
    createRoute({
      getParentRoute: parent,
      path: '/',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/overview-page'), 'OverviewPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'scripts',
      validateSearch: scriptsSearchSchema,
      component: lazyRouteComponent(() => import('@/features/page-shield/components/scripts-page'), 'ScriptsPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'scripts/$scriptId',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/script-detail-page'), 'ScriptDetailPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'connections',
      validateSearch: connectionsSearchSchema,
      component: lazyRouteComponent(() => import('@/features/page-shield/components/connections-page'), 'ConnectionsPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'connections/$connectionId',
      component: lazyRouteComponent(
        () => import('@/features/page-shield/components/connection-detail-page'),
        'ConnectionDetailPage',
      ),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'cookies',
      validateSearch: cookiesSearchSchema,
      component: lazyRouteComponent(() => import('@/features/page-shield/components/cookies-page'), 'CookiesPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'cookies/$cookieId',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/cookie-detail-page'), 'CookieDetailPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'policies',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/policies-page'), 'PoliciesPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'policies/new',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/policy-editor-page'), 'PolicyCreatePage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'policies/$policyId',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/policy-editor-page'), 'PolicyEditPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'reviews',
      validateSearch: reviewsSearchSchema,
      component: lazyRouteComponent(() => import('@/features/page-shield/components/review-ledger-page'), 'ReviewLedgerPage'),
    }),
  ]),
] as const
