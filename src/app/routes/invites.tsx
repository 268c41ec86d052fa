import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/invites`: invitations to join other accounts. */
export const invitesRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/invites',
    // Starts the request beside the page's code (its options parse with zod, kept out of the entry).
    loader: ({ context }) =>
      void import('@/features/invites/api/get-invites').then((m) => context.queryClient.prefetchQuery(m.invitesQueryOptions())),
    component: lazyRouteComponent(() => import('@/features/invites/components/invites-page'), 'InvitesPage'),
  }),
] as const
