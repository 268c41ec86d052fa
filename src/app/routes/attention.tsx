import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/attention`: what needs attention across the person's scope (no side-bar entry: reachable by URL). */
export const attentionRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/attention', component: lazyRouteComponent(() => import('@/features/attention/components/attention-page'), 'AttentionPage') }),
] as const
