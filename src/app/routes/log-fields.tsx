import { createRoute } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { zoneRoute } from '../root-route'

// Placeholder: the log-fields engineer replaces this file (keep exporting `logFieldsRoutes`).
export const logFieldsRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'logs',
    component: () => <ComingSoon title="Log fields" description="Which request and response headers and cookies are added to this zone's logs." />,
  }),
] as const
