import { MutationCache, QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { ApiRequestError, mayHaveBeenApplied } from '@/lib/api-client'
import { LoadingBlock } from '@/components/ui/spinner'
import { NotFoundPage } from './layout/not-found'
import { RouteError } from './layout/route-error'
import { rootRoute, zoneRoute } from './root-route'
import { auditRoutes } from './routes/audit'
import { certificatesRoutes } from './routes/certificates'
import { dnsRoutes } from './routes/dns'
import { firewallRoutes } from './routes/firewall'
import { invitesRoutes } from './routes/invites'
import { loadBalancingRoutes } from './routes/load-balancing'
import { logFieldsRoutes } from './routes/log-fields'
import { pageShieldRoutes } from './routes/page-shield'
import { peopleRoutes } from './routes/people'
import { budgetRoutes } from './routes/budget'
import { changeRequestRoutes } from './routes/change-requests'
import { practiceRoutes } from './routes/practice'
import { searchRoutes } from './routes/search'
import { attentionRoutes } from './routes/attention'
import { zoneOverviewRoutes, zonesRoutes } from './routes/zones'

/** The whole route tree. Each area adds its routes from its own file in ./routes; this file rarely changes. */
export const routeTree = rootRoute.addChildren([
  ...zonesRoutes,
  zoneRoute.addChildren([
    ...zoneOverviewRoutes,
    ...dnsRoutes,
    ...certificatesRoutes,
    ...pageShieldRoutes,
    ...logFieldsRoutes,
    ...firewallRoutes,
  ]),
  ...loadBalancingRoutes,
  ...invitesRoutes,
  ...peopleRoutes,
  ...budgetRoutes,
  ...auditRoutes,
  ...practiceRoutes,
  ...changeRequestRoutes,
  ...searchRoutes,
  ...attentionRoutes,
])

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A write that timed out may have been applied upstream: re-read what is on screen at once,
    // so the person sees the current state before deciding to try again.
    mutationCache: new MutationCache({ onError: (err) => void (mayHaveBeenApplied(err) && client.invalidateQueries()) }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network trouble and 5xx may.
        retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500),
      },
    },
  })
  return client
}

export function createAppRouter(queryClient: QueryClient, { preload = 'intent' }: { preload?: 'intent' | false } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: preload,
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <LoadingBlock />,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
