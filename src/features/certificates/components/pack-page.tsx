import { getRouteApi, Link } from '@tanstack/react-router'
import { Card, PageHeader } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { useCertificatePack } from '../api/get-certificate-pack'
import { CA_LABEL, ELSEWHERE_NOTE, METHOD_LABEL, statusText, TYPE_LABEL } from '../lib/status-text'
import { CertificateCard } from './certificate-card'
import { hostsSummary } from './pack-columns'
import { RestartValidationButton } from './restart-validation-button'
import { StatusBadge } from './status-badge'
import { ValidationRecords } from './validation-records'

const route = getRouteApi('/zones/$zoneId/certificates/$packId')

/** One certificate pack: its status in plain words, what it asks of the user, and each certificate. */
export function CertificatePackPage() {
  const { zoneId, packId } = route.useParams()
  const query = useCertificatePack(zoneId, packId)
  const back = (
    <Link to="/zones/$zoneId/certificates" params={{ zoneId }} className="text-blue-700 hover:underline dark:text-blue-300">
      ← Certificates
    </Link>
  )
  if (query.isPending) return <LoadingBlock />
  if (query.isError) return (
    <>
      {back}
      <ErrorView error={query.error} onRetry={() => void query.refetch()} title="This certificate pack could not be loaded" />
    </>
  )
  const pack = query.data
  const status = statusText(pack.status)
  return (
    <>
      <PageHeader eyebrow={back} title={hostsSummary(pack.hosts, 3)} description={`${TYPE_LABEL[pack.type] ?? pack.type} certificate pack`} />
      <div className="space-y-5">
        <Card title={<span className="flex items-center gap-2">Status <StatusBadge status={pack.status} /></span>}>
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{status.meaning}</p>
          {status.action && (
            <p className="mt-2 text-sm text-zinc-800 dark:text-zinc-200">
              <strong>What to do: </strong>
              {status.action}
              {status.elsewhere && <span className="mt-1 block text-zinc-600 dark:text-zinc-400">{ELSEWHERE_NOTE}</span>}
            </p>
          )}
          {pack.validation_errors && pack.validation_errors.length > 0 && (
            <div className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-200" role="note">
              <p className="font-medium">The certificate authority reported:</p>
              <ul className="mt-1 list-disc pl-5">
                {pack.validation_errors.map((e, i) => (
                  <li key={i} className="break-words">{e.message}</li>
                ))}
              </ul>
            </div>
          )}
          <RestartValidationButton zoneId={zoneId} pack={pack} />
        </Card>
        {pack.status !== 'active' && (pack.validation_records?.length ?? 0) + (pack.dcv_delegation_records?.length ?? 0) > 0 && (
          <Card
            title="What the certificate authority checks"
            description={`Validation method: ${METHOD_LABEL[pack.validation_method ?? ''] ?? pack.validation_method ?? 'not given'}. Each step proves that you control one of the host names.`}
          >
            <ValidationRecords pack={pack} zoneId={zoneId} />
          </Card>
        )}
        <Card title="Details">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div><dt className="font-medium">Hosts</dt><dd className="wrap-anywhere">{pack.hosts.join(', ')}</dd></div>
            <div><dt className="font-medium">Certificate authority</dt><dd>{pack.certificate_authority ? (CA_LABEL[pack.certificate_authority] ?? pack.certificate_authority) : 'Uploaded certificate'}</dd></div>
            <div><dt className="font-medium">Validity</dt><dd>{pack.validity_days ? `${pack.validity_days} days` : '—'}</dd></div>
            <div><dt className="font-medium">Ordered</dt><dd>{formatDateTime(pack.created_on)}</dd></div>
            <div><dt className="font-medium">Pack id</dt><dd className="font-mono break-all">{pack.id}</dd></div>
          </dl>
        </Card>
        <Card title="Certificates" description="A pack holds one certificate per key type; browsers get the one they support.">
          {pack.certificates.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-300">No certificate has been issued for this pack yet.</p>
          ) : (
            <ul className="space-y-3">
              {pack.certificates.map((c) => (
                <CertificateCard key={c.id} cert={c} primary={c.id === pack.primary_certificate} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  )
}
