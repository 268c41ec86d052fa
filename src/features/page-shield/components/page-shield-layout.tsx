import { getRouteApi, Link, Outlet, useMatchRoute } from '@tanstack/react-router'
import { PageHeaderExtras } from '@/components/ui/page-header'
import { TabNav } from '@/components/ui/tabs'
import { usePageShieldSettings } from '../api/settings'

const zone = getRouteApi('/zones/$zoneId')

/** Page security: under each screen's title, the area's tabs (and a notice while monitoring is off). */
export function PageShieldLayout() {
  const { zoneId } = zone.useParams()
  const { zoneName } = zone.useLoaderData()
  const params = { zoneId }
  const settings = usePageShieldSettings(zoneId)
  const onOverview = useMatchRoute()({ to: '/zones/$zoneId/page-shield', params })
  const off = settings.data !== undefined && settings.data?.enabled !== true
  const below = (
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
          { label: 'Alerts', to: '/zones/$zoneId/page-shield/alerts', params },
        ]}
      />
      {off && (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <strong>Monitoring is off.</strong> Nothing new is detected: these lists show only what was seen before it was switched off.
          Policies still apply.{' '}
          {!onOverview && (
            <Link to="/zones/$zoneId/page-shield" params={params} className="font-medium underline">
              Switch it on in Overview
            </Link>
          )}
        </p>
      )}
    </>
  )
  return (
    <PageHeaderExtras.Provider value={{ eyebrow: zoneName, below }}>
      <Outlet />
    </PageHeaderExtras.Provider>
  )
}
