import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { firewallSearchSchema } from '@/features/firewall/api/firewall-search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/firewall`: the zone's firewall rules; paging and filters live in the URL. */
export const firewallRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'firewall',
    validateSearch: firewallSearchSchema,
    component: lazyRouteComponent(() => import('@/features/firewall/components/firewall-page'), 'FirewallPage'),
  }),
] as const
