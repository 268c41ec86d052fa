import { createRoute, Outlet } from '@tanstack/react-router'
import { ComingSoon } from '../layout/coming-soon'
import { zoneRoute } from '../root-route'

// Placeholder: the page-security engineer replaces this file (keep exporting `pageShieldRoutes`).
const pageShieldRoute = createRoute({
  getParentRoute: () => zoneRoute,
  path: 'page-shield',
  component: () => <Outlet />,
})

const page = (path: string, title: string, description: string) =>
  createRoute({ getParentRoute: () => pageShieldRoute, path, component: () => <ComingSoon title={title} description={description} /> })

export const pageShieldRoutes = [
  pageShieldRoute.addChildren([
    page('/', 'Page security', 'What the scripts on your pages load, where they send data, and which cookies they set.'),
    page('scripts', 'Scripts', 'JavaScript files that your pages load, including ones from other sites.'),
    page('connections', 'Connections', 'Other sites your pages send data to.'),
    page('cookies', 'Cookies', 'Cookies your pages set in visitors\u2019 browsers.'),
    page('policies', 'Policies', 'Rules that decide which scripts and connections browsers may load.'),
  ]),
] as const
