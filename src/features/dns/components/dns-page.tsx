import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { LazyHistoryDialog, type HistoryTarget } from '@/components/audit/lazy-history-dialog'
import { Switch } from '@/components/form/switch'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { dnsPage } from '../api/dns-search'
import { useDnsRecords } from '../api/get-dns-records'
import { useDnsZoneFacts } from '../api/get-dns-zone-facts'
import { useSetProxied } from '../api/update-dns-record'
import type { RecordFormValues } from '../lib/record-form-values'
import { useCanWrite } from '@/lib/access'
import { changeDraft, useProposing, useZoneApproval } from '@/lib/change-requests'
import { RoleNotice } from '@/components/ui/role-notice'
import type { DnsSelection } from './bulk-actions'
import { DNS_TABLE_CLASS, dnsColumns, dnsExtraFilters } from './dns-columns'
import { DnsTableContext, type DnsTableContextValue } from './dns-table-context'
// The delete confirmation (and its focus handling) loads when a first delete is asked for; it then
// stays mounted, so it can put focus back after the row is gone.
const DeleteRecordDialog = lazy(() => import('./delete-record-dialog').then((m) => ({ default: m.DeleteRecordDialog })))
import { ExportButton } from './export-button'
import { ScanButton } from './scan-button'
import { recordLabel } from './dns-cells'
import { SelectAllMatching } from './select-all-matching'
import { NoAddressBanner, SoaDetails } from './zone-dns-notices'

// Bulk actions show once rows are selected; their code (batch requests, dialogs) loads then.
const DnsBulkActions = lazy(() => import('./bulk-actions').then((m) => ({ default: m.DnsBulkActions })))
// The zone-file import opens on demand; its code loads then.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })))
// On a zone whose changes need approval the file's records are proposed instead.
const ProposeImportDialog = lazy(() => import('./propose-import-dialog').then((m) => ({ default: m.ProposeImportDialog })))

// The form (react-hook-form, zod and the shared schema) loads when it is first opened.
const RecordDialog = lazy(() => import('./record-form/record-dialog').then((m) => ({ default: m.RecordDialog })))

const zoneApi = getRouteApi('/zones/$zoneId')
const route = getRouteApi('/zones/$zoneId/dns')
const EMPTY: DnsRecord[] = []
const getRowId = (r: DnsRecord) => r.id
const canSelect = (r: DnsRecord) => r.type !== 'SOA'

type Editing = { record: DnsRecord } | { initial?: Partial<RecordFormValues> } | null

/** The records of one zone: a server-paged table whose view lives in the URL, with add, edit, delete, import and export. */
export function DnsPage() {
  const { zoneId } = zoneApi.useParams()
  const { zoneName, planTier } = zoneApi.useLoaderData()
  const toast = useToast()
  const state = useUrlTableState(route, dnsPage)
  const query = useDnsRecords(zoneId, state.search)
  const facts = useDnsZoneFacts(zoneId)
  const rows = query.data?.result ?? EMPTY
  const permission = useCanWrite('dns')
  // On a zone whose changes need approval, edits become proposals (also for a viewer allowed to propose):
  // the form, the bulk actions, the import and the scan's review add to the request being gathered.
  const proposing = useProposing(zoneId)
  // An administrator on an approval zone writes directly (unless the zone reviews everyone's changes): said, not silent.
  const approval = useZoneApproval(zoneId)
  const canEdit = permission.allowed || proposing
  const table = useDataTable({
    columns: dnsColumns,
    data: rows,
    rowCount: query.data?.resultInfo.total_count,
    urlState: state,
    getRowId,
    enableRowSelection: canEdit ? canSelect : false,
  })

  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<DnsRecord | null>(null)
  const [askedToDelete, setAskedToDelete] = useState(false)
  if (deleting && !askedToDelete) setAskedToDelete(true)
  const [importing, setImporting] = useState(false)
  const [history, setHistory] = useState<HistoryTarget | null>(null)
  const [explainAll, setExplainAll] = useState(false)
  // The switch flips at once; the rows' explanations follow in a background render (many rows).
  const explainRows = useDeferredValue(explainAll)
  const [explained, setExplained] = useState<ReadonlySet<string>>(() => new Set())
  const proxy = useSetProxied(zoneId)

  // Selection is kept by id across pages; remember the records seen so the bulk delete can name them.
  // (Only selected records from earlier pages are kept, plus the current page.)
  const selectedIds = table.getSelectedRowIds()
  const [seen, setSeen] = useState<{ rows: DnsRecord[]; byId: ReadonlyMap<string, DnsRecord> }>({ rows: EMPTY, byId: new Map() })
  if (seen.rows !== rows) {
    const kept = selectedIds.flatMap((id) => (seen.byId.has(id) ? [[id, seen.byId.get(id)!] as const] : []))
    setSeen({ rows, byId: new Map([...kept, ...rows.map((r) => [r.id, r] as const)]) })
  }
  const selected = useMemo(() => selectedIds.flatMap((id) => seen.byId.get(id) ?? []), [selectedIds, seen])
  // "Select all matching": every record the filters match, on every page; dropped when the filters change.
  const filterKey = JSON.stringify(dnsPage.filters.map((k) => state.search[k] ?? null))
  const [matchingKey, setMatchingKey] = useState<string | null>(null)
  const pageAllSelected = rows.some(canSelect) && table.getIsAllPageRowsSelected()
  const total = query.data?.resultInfo.total_count ?? 0
  const allMatching = matchingKey === filterKey && pageAllSelected
  const selection: DnsSelection = allMatching ? { records: selected, matching: { total, search: state.search } } : { records: selected }

  const setProxied = proxy.mutate
  const context = useMemo<DnsTableContextValue>(() => {
    const lowestMx = new Map<string, number>()
    for (const r of rows) if (r.type === 'MX' && r.priority !== undefined) lowestMx.set(r.name, Math.min(r.priority, lowestMx.get(r.name) ?? Infinity))
    return {
      zoneName,
      explainAll: explainRows,
      explained,
      lowestMx,
      toggleExplain: (id) =>
        setExplained((prev) => {
          const next = new Set(prev)
          if (!next.delete(id)) next.add(id)
          return next
        }),
      canEdit,
      proposing,
      edit: (record) => setEditing({ record }),
      remove: setDeleting,
      history: (record) => setHistory({ zoneId, type: 'dns_record', id: record.id, label: recordLabel(record) }),
      setProxied: (record, proxied) =>
        proposing
          ? (changeDraft.add(zoneId, zoneName, { action: 'update', recordId: record.id, body: { proxied }, label: `${proxied ? 'Proxy' : 'Stop proxying'} ${recordLabel(record)}` }),
            toast.success('Added to your change request', `${proxied ? 'Proxy' : 'Stop proxying'} ${recordLabel(record)}: send the request when it holds every change.`))
          : setProxied(
          { record, proxied },
          {
            onSuccess: (saved) => toast.success(proxied ? 'Proxied' : 'DNS only', `${saved.name} ${proxied ? 'now goes through the proxy (TTL Auto)' : 'now answers with its own address'}.`),
            onError: (e) => toast.error(`${record.name} was not changed`, e),
          },
        ),
      proxiedSaving: proxy.isPending ? proxy.variables?.record.id : undefined,
    }
  }, [rows, zoneId, zoneName, explainRows, explained, canEdit, proposing, setProxied, proxy.isPending, proxy.variables, toast])

  const clearSelection = useCallback(() => {
    setMatchingKey(null)
    table.resetRowSelection(true)
  }, [table])
  const filtered = dnsPage.filters.some((k) => state.search[k] !== undefined)
  const addAddress = () => setEditing({ initial: { type: 'A', name: '@' } })

  return (
    <>
      <PageHeader
        eyebrow={zoneName}
        title="DNS records"
        description={`The names under ${zoneName} and where they point: websites, mail, verification codes and services.`}
        actions={
          <>
            {canEdit && <Button onClick={() => setImporting(true)}>{proposing ? 'Propose from a BIND file' : 'Import BIND file'}</Button>}
            {canEdit && <ScanButton zoneId={zoneId} zoneName={zoneName} proposing={proposing} mayStart={permission.allowed} />}
            <ExportButton zoneId={zoneId} zoneName={zoneName} />
            {canEdit && (
              <Button variant="primary" onClick={() => setEditing({})}>
                Add record
              </Button>
            )}
          </>
        }
      />
      {!proposing && <RoleNotice permission={permission} what="these records" />}
      {approval.data?.required && approval.data.mayWriteDirectly && permission.allowed && (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          Your changes here are saved at once; others&apos; need approval. As an administrator you skip review on {zoneName}: “Review for everyone” on the zone&apos;s overview changes that.
        </p>
      )}
      {proposing && (
        <p className="mb-4 rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
          Changes to {zoneName} need approval: what you add, change or delete here is gathered into a change request, and reaches the zone once someone else approves it.
        </p>
      )}
      {canEdit && facts.data?.addressRecords === 0 && <NoAddressBanner zoneName={zoneName} onAdd={addAddress} />}
      {facts.data?.soa && <SoaDetails soa={facts.data.soa} />}
      <DataTableFilterBar table={table} state={state} extra={dnsExtraFilters}>
        {canEdit && (
          <Suspense fallback={null}>
            <DnsBulkActions zoneId={zoneId} zoneName={zoneName} proposing={proposing} selection={selection} onDone={clearSelection} />
          </Suspense>
        )}
        <div className="flex h-9 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <Switch checked={explainAll} onChange={setExplainAll} label="Explain every record in plain words" />
          <span aria-hidden="true">Explain every record</span>
        </div>
      </DataTableFilterBar>
      <SelectAllMatching
        pageAllSelected={pageAllSelected}
        onPage={rows.filter(canSelect).length}
        total={total}
        active={allMatching}
        onSelectAll={() => setMatchingKey(filterKey)}
        onClear={clearSelection}
      />
      <DnsTableContext value={context}>
        <DataTable
          table={table}
          label={`DNS records of ${zoneName}`}
          tableClassName={DNS_TABLE_CLASS}
          cards
          itemLabel="records"
          query={query}
          pageSizes={dnsPage.pageSizes}
          rowClassName={(r) => (r.type === 'SOA' ? 'bg-zinc-50/70 dark:bg-zinc-800/40' : undefined)}
          empty={
            filtered ? (
              <EmptyState
                title="No record matches these filters"
                description="Try a shorter part of the name or content, or another type."
                action={<Button onClick={() => state.clearFilters([...dnsPage.filters])}>Clear filters</Button>}
              />
            ) : (
              <EmptyState title="No DNS records yet" description={`Add a record to make ${zoneName} reachable.`} action={canEdit ? <Button onClick={addAddress}>Add an A record</Button> : undefined} />
            )
          }
        />
      </DnsTableContext>
      {editing && (
        <Suspense fallback={null}>
          <RecordDialog
            key={'record' in editing ? editing.record.id : 'new'}
            onEditRecord={(existing) => setEditing({ record: existing })}
            zoneId={zoneId}
            zoneName={zoneName}
            tier={planTier}
            record={'record' in editing ? editing.record : undefined}
            initial={'initial' in editing ? editing.initial : undefined}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {askedToDelete && (
        <Suspense fallback={null}>
          <DeleteRecordDialog zoneId={zoneId} zoneName={zoneName} record={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          {proposing ? (
            <ProposeImportDialog zoneId={zoneId} zoneName={zoneName} onClose={() => setImporting(false)} />
          ) : (
            <ImportDialog zoneId={zoneId} zoneName={zoneName} open={importing} onClose={() => setImporting(false)} />
          )}
        </Suspense>
      )}
      <LazyHistoryDialog target={history} onClose={() => setHistory(null)} />
    </>
  )
}
