import type { ReactNode } from 'react'
import { Card } from '@/components/ui/page-header'
import { InfoTip } from '@/components/ui/tooltip'
import { formatDate } from '@/lib/format'
import type { Zone } from '../api/zone-types'

function Row({ term, children, tip }: { term: string; children: ReactNode; tip?: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
      <dt className="flex items-center gap-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {term}
        {tip && <InfoTip label={term}>{tip}</InfoTip>}
      </dt>
      <dd className="text-sm text-zinc-900 sm:col-span-2 dark:text-zinc-100">{children}</dd>
    </div>
  )
}

const NsList = ({ names }: { names: string[] }) => (
  <ul className="font-mono text-[0.8125rem]">
    {names.map((n) => (
      <li key={n} className="wrap-anywhere">
        {n}
      </li>
    ))}
  </ul>
)

/** Name servers, plan, account and dates of a zone. */
export function ZoneDetails({ zone }: { zone: Zone }) {
  return (
    <Card title="Details">
      <dl className="-my-2.5 divide-y divide-zinc-100 dark:divide-zinc-800">
        <Row term="Name servers" tip="The servers that answer DNS questions for this domain. The registrar must list exactly these for the zone to be active.">
          <NsList names={zone.name_servers} />
        </Row>
        {zone.original_name_servers && zone.original_name_servers.length > 0 && (
          <Row term="Previous name servers" tip="Where the domain's DNS was answered before it was added here.">
            <NsList names={zone.original_name_servers} />
          </Row>
        )}
        <Row term="Plan">{zone.plan?.name ?? '—'}</Row>
        <Row term="Account">{zone.account.name}</Row>
        {zone.original_registrar && <Row term="Registrar">{zone.original_registrar}</Row>}
        <Row term="Added">{formatDate(zone.created_on)}</Row>
        <Row term="Activated" tip="When the name servers were first seen pointing here.">
          {zone.activated_on ? formatDate(zone.activated_on) : 'Not yet'}
        </Row>
        <Row term="Setup type" tip="Full: this service answers all DNS for the domain. Partial: another DNS provider stays in charge and only some names point here.">
          {zone.type === 'full' ? 'Full (DNS hosted here)' : zone.type === 'partial' ? 'Partial (CNAME setup)' : zone.type}
        </Row>
        <Row term="Zone ID">
          <code className="font-mono text-[0.8125rem] break-all">{zone.id}</code>
        </Row>
      </dl>
    </Card>
  )
}
