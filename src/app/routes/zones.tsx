import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { zonesQueryOptions } from '@/features/zones/api/get-zones'
import { zonesPage } from '@/features/zones/api/zones-search'
import { rootRoute, zoneRoute } from '../root-route'

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/zones' })
  },
})

const zonesListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/zones',
  validateSearch: zonesPage,
  loaderDeps: ({ search }) => search,
  // Starts the request early; errors are shown inside the table, so they are not thrown here.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(zonesQueryOptions(deps))
  },
  component: lazyRouteComponent(() => import('@/features/zones/components/zones-page'), 'ZonesPage'),
})

/** Account-level zones routes: / (redirects to /zones) and the zones list. */
export const zonesRoutes = [homeRoute, zonesListRoute] as const

/** The zone overview, the index page of `/zones/$zoneId`. */
export const zoneOverviewRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: '/',
    component: lazyRouteComponent(() => import('@/features/zones/components/zone-overview-page'), 'ZoneOverviewPage'),
  }),
] as const
