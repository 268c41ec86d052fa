import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/invites`: invitations to join other accounts. */
export const invitesRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/invites',
    component: lazyRouteComponent(() => import('@/features/invites/components/invites-page'), 'InvitesPage'),
  }),
] as const
