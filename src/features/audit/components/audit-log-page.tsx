import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { EntryCard } from '@/components/audit/entry-card'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button, buttonClasses } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { useMe } from '@/lib/access'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'
import type { AuditEntryView } from '@/shared/audit'
import { auditPage } from '../api/audit-search'
import { auditCsvUrl, useAuditLog } from '../api/get-audit-log'
import { getAuditColumns } from './audit-columns'
import { ChainStatus } from './chain-status'

const route = getRouteApi('/audit')
const EMPTY: AuditEntryView[] = []
const getRowId = (e: AuditEntryView) => String(e.id)

/** Every write made through the dashboard: who, what, when, the outcome and the exact change; filters in the URL; CSV of the filter. */
export function AuditLogPage() {
  const state = useUrlTableState(route, auditPage)
  const query = useAuditLog(state.search)
  const [open, setOpen] = useState<AuditEntryView | null>(null)
  const scope = useQuery({ queryKey: keys.accountsInScope, queryFn: ({ signal }) => localCall('GET', '/api/local/accounts', { signal }), staleTime: 60_000 })
  const accountList = scope.data?.accounts
  const columns = useMemo(() => getAuditColumns(setOpen, Object.fromEntries((accountList ?? []).map((a) => [a.id, a.name]))), [accountList])
  const table = useDataTable({ columns, data: query.data?.result ?? EMPTY, rowCount: query.data?.resultInfo.total_count, urlState: state, getRowId })
  const filtered = auditPage.filters.some((k) => state.search[k] !== undefined)
  const practising = useMe().data?.practice === true
  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          practising
            ? 'While you practise, this shows only the changes you made in your practice sandbox (they are recorded as "practice" and never appear in the live log). Entries cannot be edited or deleted.'
            : 'Every change made through this dashboard, successful or not: who made it, when, on which zone, and exactly what it changed. Administrators see everything; others see the zones they have access to. Entries cannot be edited or deleted.'
        }
        actions={<a className={buttonClasses('secondary')} href={auditCsvUrl(state.search)} download>Export CSV of this view</a>}
      />
      <ChainStatus />
      <DataTableFilterBar table={table} state={state}>
        <DateFilter label="From (day)" value={state.search.from} onChange={(v) => state.setFilter('from', v)} />
        <DateFilter label="To (day, included)" value={state.search.to} onChange={(v) => state.setFilter('to', v)} />
      </DataTableFilterBar>
      <DataTable
        table={table}
        label="Audit log"
        cards
        itemLabel="entries"
        query={query}
        pageSizes={auditPage.pageSizes}
        empty={
          filtered ? (
            <EmptyState title="No entry matches these filters" description="Widen the date range or clear a filter." action={<Button onClick={() => state.clearFilters([...auditPage.filters])}>Clear filters</Button>} />
          ) : (
            <EmptyState title="Nothing recorded yet" description="Changes made through the dashboard appear here as soon as they are made." />
          )
        }
      />
      <Dialog open={open !== null} onClose={() => setOpen(null)} size="xl" title={open ? `Entry ${open.id}` : 'Entry'} description={open ? `${open.method} ${open.path} · request ${open.requestId}` : undefined}>
        {open && <EntryCard entry={open} />}
      </Dialog>
    </>
  )
}

function DateFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
      {label}
      <input
        type="date"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900"
      />
    </label>
  )
}
