import { getRouteApi, Outlet } from '@tanstack/react-router'
import { TabNav } from '@/components/ui/tabs'

const zone = getRouteApi('/zones/$zoneId')

/** Page security: the area's tabs above each screen. */
export function PageShieldLayout() {
  const { zoneId } = zone.useParams()
  const params = { zoneId }
  return (
    <>
      <TabNav
        label="Page security"
        items={[
          { label: 'Overview', to: '/zones/$zoneId/page-shield', params, exact: true },
          { label: 'Scripts', to: '/zones/$zoneId/page-shield/scripts', params },
          { label: 'Connections', to: '/zones/$zoneId/page-shield/connections', params },
          { label: 'Cookies', to: '/zones/$zoneId/page-shield/cookies', params },
          { label: 'Policies', to: '/zones/$zoneId/page-shield/policies', params },
          { label: 'Review ledger', to: '/zones/$zoneId/page-shield/reviews', params },
        ]}
      />
      <Outlet />
    </>
  )
}
