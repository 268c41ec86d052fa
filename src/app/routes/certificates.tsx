import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import { certificatePacksPage } from '@/features/certificates/api/certificate-packs-search'
import { zoneRoute } from '../root-route'

/** `/zones/$zoneId/certificates`: the packs table (status filter and paging in the URL) and one pack's page. */
const certificatesRoute = createRoute({
  getParentRoute: () => zoneRoute,
  path: 'certificates',
  component: () => <Outlet />,
})

export const certificatesRoutes = [
  certificatesRoute.addChildren([
    createRoute({
      getParentRoute: () => certificatesRoute,
      path: '/',
      validateSearch: certificatePacksPage,
      loaderDeps: ({ search }) => search,
      // Starts the table's request beside the page's code (its module loads in parallel with it, and
      // stays out of the shared first load); errors show in the page.
      loader: ({ context, params, deps }) =>
        void import('@/features/certificates/api/get-certificate-packs').then((m) =>
          context.queryClient.prefetchQuery(m.certificatePacksQueryOptions(params.zoneId, deps)),
        ),
      component: lazyRouteComponent(() => import('@/features/certificates/components/certificates-page'), 'CertificatesPage'),
    }),
    createRoute({
      getParentRoute: () => certificatesRoute,
      path: '$packId',
      component: lazyRouteComponent(() => import('@/features/certificates/components/pack-page'), 'CertificatePackPage'),
    }),
  ]),
] as const
