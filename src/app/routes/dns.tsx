import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { dnsSearchSchema } from '@/features/dns/api/dns-search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/dns`: the zone's records; page, sort and filters in the URL. */
export const dnsRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'dns',
    validateSearch: dnsSearchSchema,
    loaderDeps: ({ search }) => search,
    // Starts the first page's request at once, while the page's code loads (the query options are a
    // small static import for that); errors show inside the table.
    loader: ({ context, params, deps }) => {
      // The query options arrive in their own chunk, fetched beside the page's code.
      void import('@/features/dns/api/get-dns-records').then((m) => context.queryClient.prefetchQuery(m.dnsRecordsQueryOptions(params.zoneId, deps)))
    },
    component: lazyRouteComponent(() => import('@/features/dns/components/dns-page'), 'DnsPage'),
  }),
] as const
