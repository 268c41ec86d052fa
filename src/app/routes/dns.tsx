import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { dnsPage } from '@/features/dns/api/dns-search'
import { dnsRecordsQueryOptions } from '@/features/dns/api/get-dns-records'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/dns`: the zone's records; page, sort and filters in the URL. */
export const dnsRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'dns',
    validateSearch: dnsPage,
    loaderDeps: ({ search }) => search,
    // Starts the first page's request at once, while the page's code loads (the query options are a
    // small static import for that: a chunk of their own would wait for its own fetch first);
    // errors show inside the table.
    loader: ({ context, params, deps }) => {
      void context.queryClient.prefetchQuery(dnsRecordsQueryOptions(params.zoneId, deps))
    },
    component: lazyRouteComponent(() => import('@/features/dns/components/dns-page'), 'DnsPage'),
  }),
] as const
