import { createRoute } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { zoneRoute } from '../root-route'

// Placeholder: the certificates engineer replaces this file (keep exporting `certificatesRoutes`).
export const certificatesRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'certificates',
    component: () => <ComingSoon title="Certificates" description="The TLS certificates that let visitors reach this zone over HTTPS." />,
  }),
] as const
