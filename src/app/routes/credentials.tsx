import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../root-route'

/** `/credentials` (administrators): the deployment's API credentials, stored sealed (the vault). */
export const credentialRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/credentials',
    component: lazyRouteComponent(() => import('@/features/credentials/components/credentials-page'), 'CredentialsPage'),
  }),
] as const
