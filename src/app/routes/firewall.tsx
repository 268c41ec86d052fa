import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { firewallPage } from '@/features/firewall/api/firewall-search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/firewall`: the zone's firewall rules; paging and filters live in the URL. */
export const firewallRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'firewall',
    validateSearch: firewallPage,
    loaderDeps: ({ search }) => search,
    // Starts the table's request beside the page's code (its module loads in parallel with it, and
    // stays out of the shared first load); errors show in the page.
    loader: ({ context, params, deps }) =>
      void import('@/features/firewall/api/get-firewall-rules').then((m) =>
        context.queryClient.prefetchQuery(m.firewallRulesQueryOptions(params.zoneId, deps)),
      ),
    component: lazyRouteComponent(() => import('@/features/firewall/components/firewall-page'), 'FirewallPage'),
  }),
] as const
