import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/api-budget` (administrators): the API's rate budget, calls by area and person, what is kept. */
export const budgetRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/api-budget',
    component: lazyRouteComponent(() => import('@/features/budget/components/budget-page'), 'BudgetPage'),
  }),
] as const
