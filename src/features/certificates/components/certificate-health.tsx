import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Card } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { cn, plural } from '@/lib/format'
import { useAllCertificatePacks } from '../api/get-certificate-packs'
import { useProxiedNames } from '../api/get-proxied-names'
import { uncoveredNames } from '../lib/coverage'
import { expiringPacks, packExpiry } from '../lib/expiry'
import { statusText } from '../lib/status-text'
import { useNow } from '../lib/use-now'
import { certificateVerdict, type CheckKey } from '../lib/verdict'
import { ExpiryText } from './expiry-text'
import { hostsSummary } from './pack-columns'
import { StatusBadge } from './status-badge'

function PackLink({ zoneId, pack }: { zoneId: string; pack: CertificatePack }) {
  return (
    <Link
      to="/zones/$zoneId/certificates/$packId"
      params={{ zoneId, packId: pack.id }}
      className="font-medium wrap-anywhere text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
    >
      {hostsSummary(pack.hosts)}
    </Link>
  )
}

const ok = (text: string) => <p className="text-sm text-emerald-800 dark:text-emerald-300">✓ {text}</p>

const VERDICT_STYLE = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
  bad: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
}

/**
 * The verdict first (can visitors use HTTPS without a warning?), then the three checks, ordered by
 * need: proxied names without a certificate, packs waiting on the person, certificates expiring soon.
 */
export function CertificateHealth({ zoneId }: { zoneId: string }) {
  const packs = useAllCertificatePacks(zoneId)
  const names = useProxiedNames(zoneId)
  const now = useNow()
  if (packs.isPending) return <LoadingBlock label="Checking certificates…" />
  if (packs.isError) return <ErrorView error={packs.error} onRetry={() => void packs.refetch()} title="The certificate checks could not run" />
  const waiting = packs.data.filter((p) => p.status !== 'active' && statusText(p.status).action)
  const expiring = expiringPacks(packs.data, now)
  const verdict = names.data ? certificateVerdict(names.data, packs.data, now) : undefined
  const cards: Record<CheckKey, ReactNode> = {
    action: (
      <Card key="action" title="Needs your action" description="Packs that will not become active until you do something.">
        {waiting.length === 0 ? (
          ok('No pack is waiting on you.')
        ) : (
          <ul className="space-y-2">
            {waiting.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2 text-sm">
                <PackLink zoneId={zoneId} pack={p} /> <StatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
    expiring: (
      <Card key="expiring" title="Expiring within 30 days" description="Custom certificates are not renewed by the service; renew them before they expire.">
        {expiring.length === 0 ? (
          ok('No active certificate expires in the next 30 days.')
        ) : (
          <ul className="space-y-2">
            {expiring.map((p) => (
              <li key={p.id} className="text-sm">
                <PackLink zoneId={zoneId} pack={p} />
                <div>
                  <ExpiryText iso={packExpiry(p)} now={now} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    ),
    coverage: (
      <Card
        key="coverage"
        title="Coverage"
        description="Proxied DNS names that no active certificate covers: visitors get a certificate warning there. A wildcard such as *.example.com covers one extra label only."
      >
        {names.isPending ? (
          <LoadingBlock label="Reading proxied DNS names…" />
        ) : names.isError ? (
          <ErrorView error={names.error} onRetry={() => void names.refetch()} title="The DNS records could not be read" />
        ) : (
          <CoverageList names={names.data} packs={packs.data} />
        )}
      </Card>
    ),
  }
  return (
    <>
      {verdict && (
        <section aria-label="Verdict" className={cn('mb-4 rounded-lg border p-4', VERDICT_STYLE[verdict.tone])}>
          <p className="text-base font-semibold">{verdict.headline}</p>
          {verdict.todo.length > 0 && (
            <ol aria-label="What to do" className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              {verdict.todo.map((t) => (
                <li key={t} className="wrap-anywhere">
                  {t}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      <div className="mb-6 grid gap-4 lg:grid-cols-3">{(verdict?.order ?? (['coverage', 'action', 'expiring'] as const)).map((k) => cards[k])}</div>
    </>
  )
}

function CoverageList({ names, packs }: { names: string[]; packs: CertificatePack[] }) {
  const missing = uncoveredNames(names, packs)
  if (missing.length === 0) return ok(`All ${plural(names.length, 'proxied name')} are covered by an active certificate.`)
  return (
    <>
      <p className="mb-2 text-sm font-medium text-red-700 dark:text-red-300">
        {plural(missing.length, 'proxied name')} not covered:
      </p>
      <ul aria-label="Proxied names not covered" className="max-h-48 space-y-1 overflow-auto font-mono text-sm break-all">
        {missing.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </>
  )
}
