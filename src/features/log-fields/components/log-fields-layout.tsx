import { getRouteApi, Outlet } from '@tanstack/react-router'
import { PageHeader } from '@/components/ui/page-header'
import { TabNav } from '@/components/ui/tabs'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'

const route = getRouteApi('/zones/$zoneId/logs')
const zoneApi = getRouteApi('/zones/$zoneId')

/** Header and tabs shared by the custom-fields page and the log-job pages. */
export function LogFieldsLayout() {
  const { zoneId } = route.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const can = useCanWrite('log-fields')
  return (
    <>
      <PageHeader eyebrow={zoneName} title="Log fields" description="Which request headers, response headers and cookies are added to this zone’s logs, and where the logs are pushed." />
      <TabNav
        label="Log fields"
        items={[
          { label: 'Custom fields', to: '/zones/$zoneId/logs', params: { zoneId }, exact: true },
          { label: 'Log jobs', to: '/zones/$zoneId/logs/jobs', params: { zoneId } },
        ]}
      />
      <RoleNotice permission={can} what="this zone’s custom fields and log jobs" />
      <Outlet />
    </>
  )
}
