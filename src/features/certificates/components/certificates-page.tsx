import { useMemo } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { certificatePacksPage } from '../api/certificate-packs-search'
import { useCertificatePacks } from '../api/get-certificate-packs'
import { CertificateHealth } from './certificate-health'
import { getPackColumns } from './pack-columns'

const route = getRouteApi('/zones/$zoneId/certificates/')
const zoneApi = getRouteApi('/zones/$zoneId')
const getRowId = (p: CertificatePack) => p.id
const EMPTY: CertificatePack[] = []

/** The zone's certificate packs, what needs attention, and which proxied names lack a certificate. */
export function CertificatesPage() {
  const { zoneId } = route.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const state = useUrlTableState(route, certificatePacksPage)
  const query = useCertificatePacks(zoneId, state.search)
  const columns = useMemo(() => getPackColumns(zoneId), [zoneId])
  const table = useDataTable({ columns, data: query.data?.result ?? EMPTY, rowCount: query.data?.resultInfo.total_count, urlState: state, getRowId })
  const showingAll = state.search.status === 'all'
  return (
    <>
      <PageHeader eyebrow={zoneName} title="Certificates" description="The TLS certificates that let visitors reach this zone over HTTPS, and what needs your attention." />
      <CertificateHealth zoneId={zoneId} />
      <h2 className="mb-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50">Certificate packs</h2>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        A <dfn className="font-semibold not-italic">certificate pack</dfn> is a set of certificates the service keeps together for the same host
        names, usually one per key type (ECDSA and RSA) so every browser gets one it supports. The free Universal pack is made
        automatically; Advanced packs are ordered for chosen names; custom ones are uploaded by you.
      </p>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-300">
        {showingAll ? 'Packs of every status.' : 'Showing active packs only. Choose “All statuses” to also see packs still being validated or issued.'}
      </p>
      <DataTableFilterBar table={table} state={state} />
      <DataTable
        table={table}
        label={`Certificate packs of ${zoneName}`}
        itemLabel="packs"
        query={query}
        pageSizes={certificatePacksPage.pageSizes}
        empty={
          showingAll ? (
            <EmptyState title="No certificate packs" description="This zone has no certificate packs at all." />
          ) : (
            <EmptyState
              title="No active certificate pack"
              description="Packs still being validated or issued are hidden."
              action={<Button onClick={() => state.setFilter('status', 'all')}>Show all statuses</Button>}
            />
          )
        }
      />
    </>
  )
}
