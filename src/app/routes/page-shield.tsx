import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { connectionsPage, cookiesPage, reviewsPage, scriptsPage } from '@/features/page-shield/api/search'
import { reviewsQueryOptions, scriptsQueryOptions } from '@/features/page-shield/api/list-queries'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/page-shield`: monitoring, detected scripts / connections / cookies, policies, review ledger. */
const pageShieldRoute = createRoute({
  getParentRoute: () => zoneRoute,
  path: 'page-shield',
  component: lazyRouteComponent(() => import('@/features/page-shield/components/page-shield-layout'), 'PageShieldLayout'),
})

const parent = () => pageShieldRoute

// Loaders start each list's request beside the page's code (errors show in the page, not thrown).
// The scripts list (the largest, and the bench's) imports its small query options statically, so its
// request starts at once; the others load their API module beside the page's chunks, out of every
// page's first load. (Written out in each loader: the build, the bench and the budget test read a
// route's lazy imports from its body.)
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
      validateSearch: scriptsPage,
      loaderDeps: ({ search }) => search,
      loader: ({ context, params, deps }) => {
        void context.queryClient.prefetchQuery(reviewsQueryOptions(params.zoneId))
        if (deps.review !== 'needs') void context.queryClient.prefetchQuery(scriptsQueryOptions(params.zoneId, deps))
      },
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
      validateSearch: connectionsPage,
      loaderDeps: ({ search }) => search,
      loader: ({ context, params, deps }) =>
        void import('@/features/page-shield/api/resources').then((m) =>
          context.queryClient.prefetchQuery(m.connectionsQueryOptions(params.zoneId, deps)),
        ),
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
      validateSearch: cookiesPage,
      loaderDeps: ({ search }) => search,
      loader: ({ context, params, deps }) =>
        void import('@/features/page-shield/api/resources').then((m) =>
          context.queryClient.prefetchQuery(m.cookiesQueryOptions(params.zoneId, deps)),
        ),
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
      loader: ({ context, params }) =>
        void import('@/features/page-shield/api/policies').then((m) =>
          context.queryClient.prefetchQuery(m.policiesQueryOptions(params.zoneId)),
        ),
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
      validateSearch: reviewsPage,
      loader: ({ context, params }) =>
        void import('@/features/page-shield/api/reviews').then((m) =>
          context.queryClient.prefetchQuery(m.reviewsQueryOptions(params.zoneId)),
        ),
      component: lazyRouteComponent(() => import('@/features/page-shield/components/review-ledger-page'), 'ReviewLedgerPage'),
    }),
    createRoute({
      getParentRoute: parent,
      path: 'alerts',
      component: lazyRouteComponent(() => import('@/features/page-shield/components/watch-page'), 'WatchPage'),
    }),
  ]),
] as const
