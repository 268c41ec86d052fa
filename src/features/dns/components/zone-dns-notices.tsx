import { Button } from '@/components/ui/button'
import { formatNumber } from '@/lib/format'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { formatDuration, parseSoa, soaContactEmail } from '../lib/soa'

/** Shown when the zone has no A or AAAA record: nothing in it can lead visitors to a website. */
export function NoAddressBanner({ zoneName, onAdd }: { zoneName: string; onAdd: () => void }) {
  return (
    <section
      aria-labelledby="dns-no-address"
      className="mb-4 flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <div className="max-w-3xl">
        <h2 id="dns-no-address" className="font-semibold">
          {zoneName} has no A or AAAA record
        </h2>
        <p className="mt-1">
          A zone needs at least one address record. Without one, no name in {zoneName} leads visitors to a website, and the
          service has nothing to send proxied traffic to. Add an A record (IPv4) or AAAA record (IPv6) with your server&apos;s
          address.
        </p>
      </div>
      <Button variant="primary" onClick={onAdd}>
        Add an A record
      </Button>
    </section>
  )
}

/** The automatic SOA record, read-only, folded away by default. */
export function SoaDetails({ soa }: { soa: DnsRecord }) {
  const parts = parseSoa(soa.content)
  const rows: [string, string, string][] = parts
    ? [
        ['Primary name server', parts.primary, 'The name server that holds the original copy of this zone.'],
        ['Contact', soaContactEmail(parts.contact), 'Where problems with the zone can be reported.'],
        ['Serial', String(parts.serial), 'Version number of the zone; other servers use it to notice changes.'],
        ['Refresh', formatDuration(parts.refresh), 'How often secondary servers check for changes.'],
        ['Retry', formatDuration(parts.retry), 'How long they wait before trying again after a failed check.'],
        ['Expire', formatDuration(parts.expire), 'How long they keep answering without reaching the primary.'],
        ['Negative caching', formatDuration(parts.minimum), 'How long "this name does not exist" answers may be remembered.'],
      ]
    : [['Content', soa.content, '']]
  return (
    <details className="group mb-4 rounded-lg border border-zinc-200 bg-white text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <summary className="cursor-pointer rounded-lg px-4 py-2.5 font-medium text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-100">
        Start of authority (SOA) <span className="font-normal text-zinc-600 dark:text-zinc-400">· created automatically, read-only · TTL {formatNumber(soa.ttl)} s</span>
      </summary>
      <dl className="grid gap-x-6 gap-y-2 border-t border-zinc-200 px-4 py-3 sm:grid-cols-[max-content_1fr] dark:border-zinc-700">
        {rows.map(([label, value, help]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-zinc-700 dark:text-zinc-300">{label}</dt>
            <dd className="text-zinc-800 dark:text-zinc-200">
              <span className="font-mono break-all">{value}</span>
              {help && <span className="ml-2 text-zinc-600 dark:text-zinc-400">{help}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
