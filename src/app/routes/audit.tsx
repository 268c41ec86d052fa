import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { auditPage } from '@/features/audit/api/audit-search'
import { rootRoute } from '../root-route'

/** `/audit`: the audit log; filters and paging live in the URL. */
export const auditRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/audit',
    validateSearch: auditPage,
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) =>
      void import('@/features/audit/api/get-audit-log').then((m) => context.queryClient.prefetchQuery(m.auditLogQueryOptions(deps))),
    component: lazyRouteComponent(() => import('@/features/audit/components/audit-log-page'), 'AuditLogPage'),
  }),
] as const
