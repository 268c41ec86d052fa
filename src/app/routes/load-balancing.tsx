import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { poolsPage } from '@/features/load-balancing/api/pools-search'
import { rootRoute } from '../root-route'

/** `/load-balancing`: pools, the legacy e-mail migration and notification policies of an account. */
export const loadBalancingRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/load-balancing',
    validateSearch: poolsPage,
    // Starts the accounts request (the pools need an account) beside the page's code.
    loader: ({ context }) =>
      void import('@/features/load-balancing/api/get-accounts').then((m) =>
        context.queryClient.prefetchQuery(m.accountsQueryOptions()),
      ),
    component: lazyRouteComponent(() => import('@/features/load-balancing/components/load-balancing-page'), 'LoadBalancingPage'),
  }),
] as const
