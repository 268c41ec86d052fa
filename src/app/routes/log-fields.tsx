import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import { logJobsPage } from '@/features/log-fields/api/log-jobs-search'
import { zoneRoute } from '../root-route'

/**
 * `/zones/$zoneId/logs`: custom fields (the http_log_custom_fields entry-point ruleset) and
 * log jobs (list, create).
 */
const logsRoute = createRoute({
  getParentRoute: () => zoneRoute,
  path: 'logs',
  component: lazyRouteComponent(() => import('@/features/log-fields/components/log-fields-layout'), 'LogFieldsLayout'),
})

const jobsRoute = createRoute({ getParentRoute: () => logsRoute, path: 'jobs', component: () => <Outlet /> })

export const logFieldsRoutes = [
  logsRoute.addChildren([
    createRoute({
      getParentRoute: () => logsRoute,
      path: '/',
      // Loaders start the page's request beside its code (their modules load in parallel with it);
      // errors show in the page.
      loader: ({ context, params }) =>
        void import('@/features/log-fields/api/get-custom-fields-ruleset').then((m) =>
          context.queryClient.prefetchQuery(m.customFieldsRulesetQueryOptions(params.zoneId)),
        ),
      component: lazyRouteComponent(() => import('@/features/log-fields/components/custom-fields-page'), 'CustomFieldsPage'),
    }),
    jobsRoute.addChildren([
      createRoute({
        getParentRoute: () => jobsRoute,
        path: '/',
        validateSearch: logJobsPage,
        loaderDeps: ({ search }) => search,
        loader: ({ context, params, deps }) =>
          void import('@/features/log-fields/api/get-log-jobs').then((m) =>
            context.queryClient.prefetchQuery(m.logJobsQueryOptions(params.zoneId, deps)),
          ),
        component: lazyRouteComponent(() => import('@/features/log-fields/components/jobs-page'), 'LogJobsPage'),
      }),
      createRoute({
        getParentRoute: () => jobsRoute,
        path: 'new',
        component: lazyRouteComponent(() => import('@/features/log-fields/components/create-job-page'), 'CreateLogJobPage'),
      }),
    ]),
  ]),
] as const
