import type { Certificate } from '@/shared/schemas/certificate-pack'
import { formatDateTime } from '@/lib/format'
import { ExpiryText } from './expiry-text'
import { StatusBadge } from './status-badge'

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  )
}

/** One certificate of a pack: who issued it, how it is signed, when it was uploaded and expires. */
export function CertificateCard({ cert, primary }: { cert: Certificate; primary: boolean }) {
  return (
    <li className="rounded-md border border-zinc-200 p-4 dark:border-zinc-700" aria-label={`Certificate ${cert.signature ?? cert.id}`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-900 dark:text-zinc-50">{cert.signature ?? 'Certificate'}</span>
        <StatusBadge status={cert.status} />
        {primary && <span className="text-xs text-zinc-600 dark:text-zinc-400">Primary certificate</span>}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item label="Issuer">{cert.issuer ?? '—'}</Item>
        <Item label="Signature">{cert.signature ?? '—'}</Item>
        <Item label="Bundle method">{cert.bundle_method ?? '—'}</Item>
        <Item label="Priority">{cert.priority ?? <span title="The service picks the order">Not set</span>}</Item>
        <Item label="Uploaded">{formatDateTime(cert.uploaded_on)}</Item>
        <Item label="Modified">{formatDateTime(cert.modified_on)}</Item>
        <Item label="Expires">
          <ExpiryText iso={cert.expires_on} />
        </Item>
        <Item label="Hosts">
          <span className="wrap-anywhere">{cert.hosts.join(', ')}</span>
        </Item>
      </dl>
      <p className="mt-2 font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">id {cert.id}</p>
    </li>
  )
}
