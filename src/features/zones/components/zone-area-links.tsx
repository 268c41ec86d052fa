import { Link } from '@tanstack/react-router'

const areas = [
  { to: '/zones/$zoneId/dns', title: 'DNS records', text: 'Add, change or remove the names of this domain and where they point.' },
  { to: '/zones/$zoneId/certificates', title: 'Certificates', text: 'See the certificates that keep visits to this domain encrypted, and when they renew.' },
  { to: '/zones/$zoneId/page-shield', title: 'Page security', text: 'Watch which scripts, connections and cookies your pages use.' },
  { to: '/zones/$zoneId/logs', title: 'Log fields', text: 'Choose which headers and cookies are written to request logs.' },
  { to: '/zones/$zoneId/firewall', title: 'Firewall rules', text: 'Block, challenge or allow requests that match a rule.' },
] as const

/** A card per zone area, each linking to that area for this zone. */
export function ZoneAreaLinks({ zoneId }: { zoneId: string }) {
  return (
    <section aria-labelledby="zone-areas-title" className="mt-8">
      <h2 id="zone-areas-title" className="mb-3 text-base font-semibold">
        Manage this zone
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((a) => (
          <li key={a.to}>
            <Link
              to={a.to}
              params={{ zoneId }}
              className="block h-full rounded-lg border border-zinc-200 bg-white p-4 shadow-sm transition-colors hover:border-blue-400 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-blue-500 dark:hover:bg-blue-950/30"
            >
              <span className="block font-medium text-blue-700 dark:text-blue-300">{a.title}</span>
              <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-300">{a.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
