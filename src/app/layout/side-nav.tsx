import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useCan, useMe } from '@/lib/access'
import { lastZone, useZoneIdFromUrl } from '../current-zone'
import { useQuery } from '@tanstack/react-query'
import { zoneQueryOptions } from '@/features/zones/api/get-zone'
import { changeRequestSummaryQueryOptions } from '@/features/change-requests/api/summary'

const itemBase =
  'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600'
const itemIdle = 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white'
const itemActive = 'bg-blue-50 text-blue-800 dark:bg-blue-950/60 dark:text-blue-200'

function Icon({ d }: { d: string }) {
  return (
    <svg className="size-4 shrink-0" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <path d={d} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

const icons = {
  zones: 'M3 5h14M3 10h14M3 15h14',
  overview: 'M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z',
  dns: 'M10 2.5a7.5 7.5 0 100 15 7.5 7.5 0 000-15zM2.5 10h15M10 2.5c2 2.2 3 4.7 3 7.5s-1 5.3-3 7.5c-2-2.2-3-4.7-3-7.5s1-5.3 3-7.5z',
  certificates: 'M5 9V6a5 5 0 0110 0v3M4 9h12v8H4z',
  pageShield: 'M10 2l6 2.5v5c0 4-2.7 7-6 8.5-3.3-1.5-6-4.5-6-8.5v-5z',
  logs: 'M4 3h12v14H4zM7 7h6M7 10h6M7 13h4',
  firewall: 'M3 4h14v12H3zM3 8h14M3 12h14M8 4v4M12 8v4M8 12v4',
  lb: 'M10 3v5M4 17v-3a2 2 0 012-2h8a2 2 0 012 2v3M10 8v4M3 17h2M9 17h2M15 17h2',
  invites: 'M3 5h14v10H3zM3 5l7 6 7-6',
  people: 'M7 9a3 3 0 100-6 3 3 0 000 6zM2 17a5 5 0 0110 0M13 9a2.5 2.5 0 100-5M14 12a4 4 0 014 5',
  audit: 'M4 3h12v14H4zM7 7h6M7 10h6M7 13h3M13 13l1 1 2-2',
  credentials: 'M7 11a3 3 0 110-6 3 3 0 010 6zM9.5 9.5L17 17M14 14l2-2M12 12l1.5-1.5',
  budget: 'M10 17a7 7 0 110-14 7 7 0 010 14zM10 6v4l3 2',
  changes: 'M4 4h8l4 4v8H4zM7 10h6M7 13h4M12 4v4h4',
  search: 'M8.5 14a5.5 5.5 0 100-11 5.5 5.5 0 000 11zM12.5 12.5L17 17',
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4 first:mt-0">
      <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-zinc-600 uppercase dark:text-zinc-400">{title}</p>
      <ul className="space-y-0.5">{children}</ul>
    </div>
  )
}

/**
 * Navigation to every area. Zone-scoped areas open for the zone in the URL, or the last one opened.
 * `onNavigate` runs when a link is chosen (the narrow-window drawer closes on it).
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const urlZone = useZoneIdFromUrl()
  const remembered = lastZone()
  const zoneId = urlZone ?? remembered?.id
  const admin = useCan('admin', undefined, 'dashboard').allowed
  // Load balancing and Invites are account-level information, which the server shows only to people
  // with all zones: someone limited to some zones is not offered links that could only be refused.
  const me = useMe()
  const accountWide = me.data?.person.zones !== undefined ? me.data.person.zones === '*' : true
  const current = useQuery({ ...zoneQueryOptions(urlZone ?? ''), enabled: !!urlZone })
  // Change requests: the count of those waiting for this person's approval.
  const summary = useQuery(changeRequestSummaryQueryOptions()).data
  const toApprove = summary?.toApprove ?? 0
  // And the person's own requests that need them (rejected, failed, stale).
  const mine = summary?.mineNeedingAttention ?? 0
  // One heading inside and outside a zone: "Zone: example.com" once the name is known.
  const zoneName = urlZone ? current.data?.name : remembered?.name
  const zoneLinks: { to: string; label: string; icon: string; exact?: boolean }[] = [
    { to: '/zones/$zoneId', label: 'Overview', icon: icons.overview, exact: true },
    { to: '/zones/$zoneId/dns', label: 'DNS records', icon: icons.dns },
    { to: '/zones/$zoneId/certificates', label: 'Certificates', icon: icons.certificates },
    { to: '/zones/$zoneId/page-shield', label: 'Page security', icon: icons.pageShield },
    { to: '/zones/$zoneId/logs', label: 'Log fields', icon: icons.logs },
    { to: '/zones/$zoneId/firewall', label: 'Firewall rules', icon: icons.firewall },
  ]
  return (
    <nav aria-label="Main" className="px-2 pb-4">
      <Section title="Account">
        <li>
          <Link to="/zones" activeOptions={{ exact: true, includeSearch: false }} className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
            <Icon d={icons.zones} />
            Zones
          </Link>
        </li>
        <li>
          <Link to="/search" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
            <Icon d={icons.search} />
            Search records
          </Link>
        </li>
        {accountWide && (
          <>
            <li>
              <Link to="/load-balancing" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
                <Icon d={icons.lb} />
                Load balancing
              </Link>
            </li>
            <li>
              <Link to="/invites" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
                <Icon d={icons.invites} />
                Invites
              </Link>
            </li>
          </>
        )}
        {admin && (
          <li>
            <Link to="/people" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
              <Icon d={icons.people} />
              People
            </Link>
          </li>
        )}
        {admin && (
          <li>
            <Link to="/credentials" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
              <Icon d={icons.credentials} />
              Credentials
            </Link>
          </li>
        )}
        {admin && (
          <li>
            <Link to="/api-budget" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
              <Icon d={icons.budget} />
              API budget
            </Link>
          </li>
        )}
        <li>
          <Link to="/audit" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
            <Icon d={icons.audit} />
            Audit log
          </Link>
        </li>
        <li>
          <Link to="/change-requests" className={itemBase} onClick={onNavigate} activeProps={{ className: itemActive }} inactiveProps={{ className: itemIdle }}>
            <Icon d={icons.changes} />
            Change requests
            {toApprove > 0 && (
              <span className="ml-auto rounded-full bg-blue-600 px-1.5 text-xs font-semibold text-white" aria-label={`${toApprove} waiting for your approval`}>
                {toApprove}
              </span>
            )}
            {mine > 0 && (
              <span className={`${toApprove > 0 ? '' : 'ml-auto '}rounded-full bg-amber-400 px-1.5 text-xs font-semibold text-zinc-950`}>
                <span aria-hidden="true">{mine}</span>
                <span className="sr-only">, {mine} of your requests need you</span>
              </span>
            )}
          </Link>
        </li>
      </Section>
      <Section title={zoneName ? `Zone: ${zoneName}` : 'Zone'}>
        {zoneLinks.map((item) => (
          <li key={item.to}>
            {zoneId ? (
              <Link
                // Every entry is a zone-scoped route taking { zoneId }; the list keeps them in one place.
                to={item.to as '/zones/$zoneId'}
                params={{ zoneId }}
                activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
                className={itemBase}
                onClick={onNavigate}
                activeProps={{ className: itemActive, 'aria-current': 'page' }}
                inactiveProps={{ className: itemIdle }}
              >
                <Icon d={item.icon} />
                {item.label}
              </Link>
            ) : (
              <span className={`${itemBase} cursor-not-allowed text-zinc-500 dark:text-zinc-500`} title="Choose a zone first" aria-disabled="true">
                <Icon d={item.icon} />
                {item.label}
              </span>
            )}
          </li>
        ))}
        {!zoneId && <li className="px-3 pt-1 text-xs text-zinc-600 dark:text-zinc-400">Choose a zone to open these.</li>}
      </Section>
    </nav>
  )
}
