import { Link } from '@tanstack/react-router'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { packExpiry } from '../lib/expiry'
import { CA_LABEL, METHOD_LABEL, TYPE_LABEL } from '../lib/status-text'
import { ExpiryText } from './expiry-text'
import { StatusBadge } from './status-badge'

const col = createDataTableColumnHelper<CertificatePack>()

/** "example.com, *.example.com +2 more" */
export function hostsSummary(hosts: string[], max = 2): string {
  const shown = hosts.slice(0, max).join(', ')
  return hosts.length > max ? `${shown} +${hosts.length - max} more` : shown
}

const muted = <span className="text-zinc-500 dark:text-zinc-400">—</span>

/** Columns of the packs table. The API has no sort parameter, so none is sortable. */
export function getPackColumns(zoneId: string) {
  return col.columns([
    col.accessor((p) => p.hosts.join(', '), {
      id: 'hosts',
      header: 'Hosts',
      enableSorting: false,
      cell: (info) => (
        <Link
          to="/zones/$zoneId/certificates/$packId"
          params={{ zoneId, packId: info.row.original.id }}
          className="font-medium wrap-anywhere text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
          title={info.getValue()}
        >
          {hostsSummary(info.row.original.hosts)}
        </Link>
      ),
    }),
    col.accessor('type', { id: 'type', header: 'Type', enableSorting: false, cell: (info) => TYPE_LABEL[info.getValue()] ?? info.getValue() }),
    col.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      meta: { filter: { kind: 'select', key: 'status', label: 'Status', allLabel: 'Active only', options: [{ value: 'all', label: 'All statuses' }] } },
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    col.accessor((p) => p.certificate_authority ?? '', {
      id: 'certificate_authority',
      header: 'Certificate authority',
      enableSorting: false,
      cell: (info) => (info.getValue() ? (CA_LABEL[info.getValue()] ?? info.getValue()) : <span title="Uploaded certificate: no authority was ordered through the service">{muted}</span>),
    }),
    col.accessor((p) => p.validation_method ?? '', {
      id: 'validation_method',
      header: 'Validation',
      enableSorting: false,
      cell: (info) => (info.getValue() ? (METHOD_LABEL[info.getValue()] ?? info.getValue()) : muted),
    }),
    col.accessor((p) => p.validity_days ?? null, {
      id: 'validity_days',
      header: 'Validity',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => (info.getValue() === null ? muted : `${info.getValue()} days`),
    }),
    col.accessor((p) => packExpiry(p) ?? '', {
      id: 'expires_on',
      header: 'Expires',
      enableSorting: false,
      cell: (info) => <ExpiryText iso={info.getValue() || undefined} />,
    }),
  ])
}
