import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/practice`: the practice sandbox (live mode) and the newcomer checklist. */
export const practiceRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/practice',
    component: lazyRouteComponent(() => import('@/features/practice/components/practice-page'), 'PracticePage'),
  }),
] as const
