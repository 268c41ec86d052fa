import { createRoute } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { rootRoute } from '../root-route'

// Placeholder: the invites engineer replaces this file (keep exporting `invitesRoutes`).
export const invitesRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/invites',
    component: () => <ComingSoon title="Invites" description="Invitations you have received to join other accounts." />,
  }),
] as const
