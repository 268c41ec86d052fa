import { Link } from '@tanstack/react-router'
import type { CertificatePack, ValidationRecord } from '@/shared/schemas/certificate-pack'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from './copy-button'

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr_auto] sm:items-center">
      <dt className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="font-mono text-sm break-all text-zinc-900 dark:text-zinc-100">{value}</dd>
      <dd>
        <CopyButton value={value} label={label.toLowerCase()} />
      </dd>
    </div>
  )
}

const recordStatus = (r: ValidationRecord) =>
  r.status ? <Badge tone={r.status === 'active' || r.status === 'valid' ? 'success' : r.status === 'pending' ? 'warning' : 'danger'}>{r.status.replace(/_/g, ' ')}</Badge> : null

/** One record, told as the step the user has to take. */
/** Where DNS records are added: this zone's DNS page when its DNS is answered here, else the DNS provider. */
function WhereToAdd({ zoneId }: { zoneId: string }) {
  return (
    <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
      If this zone&rsquo;s DNS is answered here, add it on the{' '}
      <Link to="/zones/$zoneId/dns" params={{ zoneId }} className="text-blue-700 hover:underline dark:text-blue-300">
        DNS records
      </Link>{' '}
      page; otherwise at the DNS provider that answers for these host names.
    </p>
  )
}

function RecordStep({ record, method, zoneId }: { record: ValidationRecord; method: string | null | undefined; zoneId: string }) {
  if (record.txt_name && record.txt_value) {
    return (
      <>
        <p className="text-sm">Add a DNS <strong>TXT</strong> record {recordStatus(record)}</p>
        <WhereToAdd zoneId={zoneId} />
        <dl className="mt-2 space-y-2">
          <Row label="Name" value={record.txt_name} />
          <Row label="Value" value={record.txt_value} />
        </dl>
      </>
    )
  }
  if (record.http_url) {
    return (
      <>
        <p className="text-sm">Serve this file over plain HTTP from your origin server {recordStatus(record)}</p>
        <dl className="mt-2 space-y-2">
          <Row label="URL" value={record.http_url} />
          {record.http_body && <Row label="File content" value={record.http_body} />}
        </dl>
      </>
    )
  }
  if (record.cname && record.cname_target) {
    return (
      <>
        <p className="text-sm">Delegate validation with a CNAME record {recordStatus(record)}</p>
        <WhereToAdd zoneId={zoneId} />
        <dl className="mt-2 space-y-2">
          <Row label="Name" value={record.cname} />
          <Row label="Target" value={record.cname_target} />
        </dl>
      </>
    )
  }
  if (record.emails?.length) {
    return (
      <p className="text-sm">
        Approve the e-mail the certificate authority sent to one of: <span className="font-mono wrap-anywhere">{record.emails.join(', ')}</span> {recordStatus(record)}
      </p>
    )
  }
  return <p className="text-sm">A {method ?? 'validation'} record without details {recordStatus(record)}</p>
}

/** What the certificate authority checks before it issues the certificate, as steps. */
export function ValidationRecords({ pack, zoneId }: { pack: CertificatePack; zoneId: string }) {
  const records = [...(pack.validation_records ?? []), ...(pack.dcv_delegation_records ?? [])]
  if (records.length === 0) return null
  return (
    <ol className="space-y-4" aria-label="Validation records">
      {records.map((r, i) => (
        <li key={i} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
          <RecordStep record={r} method={pack.validation_method} zoneId={zoneId} />
        </li>
      ))}
    </ol>
  )
}
