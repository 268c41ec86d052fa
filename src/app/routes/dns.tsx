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
    // Starts the first page's request while the page's code loads; errors show inside the table.
    loader: async ({ context, params, deps }) => {
      const { dnsRecordsQueryOptions } = await import('@/features/dns/api/get-dns-records')
      void context.queryClient.prefetchQuery(dnsRecordsQueryOptions(params.zoneId, deps))
    },
    component: lazyRouteComponent(() => import('@/features/dns/components/dns-page'), 'DnsPage'),
  }),
] as const
