import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, notFound, retainSearchParams } from '@tanstack/react-router'
import { isAccountId, setActiveAccount } from '@/lib/account'
import { planTier } from '@/shared/dns/plan-tier'
import { zoneQueryOptions } from '@/features/zones/api/get-zone'
import { AppLayout } from './layout/app-layout'
import { NotFoundPage } from './layout/not-found'
import { RouteError } from './layout/route-error'
import { isZoneId, rememberZone } from './current-zone'

export interface RouterContext {
  queryClient: QueryClient
}

/** The shell: header, navigation, and the page in <main>. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The account acted in (the switcher's): `?account=` on every page, kept when a link does not say it.
  validateSearch: (search: Record<string, unknown>): { account?: string } => (isAccountId(search.account) ? { account: search.account } : {}),
  search: { middlewares: [retainSearchParams(['account'])] },
  // Before any loader asks: requests and query keys name this account from here on.
  beforeLoad: ({ search }) => setActiveAccount(search.account),
  component: AppLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
})

/**
 * `/zones/$zoneId`: parent of every zone-scoped area (DNS, certificates, page security…).
 * Loads the zone once; a malformed id is a "not found" page, an API error shows the error view.
 * Area routes use `getParentRoute: () => zoneRoute` and a relative path ("dns").
 */
export const zoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/zones/$zoneId',
  params: {
    parse: ({ zoneId }) => {
      if (!isZoneId(zoneId)) throw notFound()
      return { zoneId }
    },
    stringify: ({ zoneId }) => ({ zoneId }),
  },
  loader: async ({ context, params }) => {
    const zone = await context.queryClient.ensureQueryData(zoneQueryOptions(params.zoneId))
    rememberZone(zone.id, zone.name)
    // The plan's tier: forms show and check what it allows (comment length, tags).
    return { zoneName: zone.name, planTier: planTier(zone.plan) }
  },
  errorComponent: RouteError,
})
