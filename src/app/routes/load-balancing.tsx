import { createRoute } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { rootRoute } from '../root-route'

// Placeholder: the load-balancing engineer replaces this file (keep exporting `loadBalancingRoutes`).
export const loadBalancingRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/load-balancing',
    component: () => <ComingSoon title="Load balancing" description="Groups of servers that share traffic, and who is told when one stops answering." />,
  }),
] as const
