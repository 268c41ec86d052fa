import { createRoute } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { zoneRoute } from '../root-route'

// Placeholder: the DNS engineer replaces this file (keep exporting `dnsRoutes`).
export const dnsRoutes = [
  createRoute({
    getParentRoute: () => zoneRoute,
    path: 'dns',
    component: () => <ComingSoon title="DNS records" description="The addresses and services this zone's names point to." />,
  }),
] as const
