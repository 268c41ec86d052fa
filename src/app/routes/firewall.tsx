import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { firewallSearchSchema } from '@/features/firewall/api/firewall-search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/firewall`: the zone's firewall rules; paging and filters live in the URL. */
export const firewallRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'firewall',
    validateSearch: firewallSearchSchema,
    loaderDeps: ({ search }) => search,
    // Starts the table's request while the page's code loads; errors show in the page.
    loader: ({ context, params, deps }) =>
      void import('@/features/firewall/api/get-firewall-rules').then((m) =>
        context.queryClient.prefetchQuery(m.firewallRulesQueryOptions(params.zoneId, deps)),
      ),
    component: lazyRouteComponent(() => import('@/features/firewall/components/firewall-page'), 'FirewallPage'),
  }),
] as const
