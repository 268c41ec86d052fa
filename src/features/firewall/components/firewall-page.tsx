import { useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { BulkProgress } from '@/components/bulk/bulk-progress'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'
import type { ListResult } from '@/lib/api-client'
import type { FirewallRule } from '@/shared/schemas/firewall'
import { firewallPage } from '../api/firewall-search'
import { useFirewallRules } from '../api/get-firewall-rules'
import { DeleteRulesDialog } from './delete-rules-dialog'
import { getFirewallColumns } from './firewall-columns'
import { SelectionBar } from './selection-bar'
import { deletePlanSummary, useDeleteRules } from './use-delete-rules'
import { keys } from '@/lib/query-keys'

const route = getRouteApi('/zones/$zoneId/firewall')
const zoneApi = getRouteApi('/zones/$zoneId')
const getRowId = (r: FirewallRule) => r.id

/** The zone's firewall rules: filter, select across pages, delete one or many with a per-rule result. */
export function FirewallPage() {
  const { zoneId } = route.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const state = useUrlTableState(route, firewallPage)
  const query = useFirewallRules(zoneId, state.search)
  const queryClient = useQueryClient()
  // Rules fetched by "select all matching"; the others are found in the cached pages.
  const [fetched, setFetched] = useState<ReadonlyMap<string, FirewallRule>>(new Map())
  const [toDelete, setToDelete] = useState<FirewallRule[]>([])
  const permission = useCanWrite('firewall')
  const canEdit = permission.allowed
  const columns = useMemo(() => getFirewallColumns(canEdit ? (rule) => setToDelete([rule]) : undefined), [canEdit])
  const table = useDataTable({
    columns,
    data: query.data?.result ?? EMPTY,
    rowCount: query.data?.resultInfo.total_count,
    urlState: state,
    getRowId,
    enableRowSelection: canEdit,
  })
  const selected = selectedRules(table.getSelectedRowIds(), fetched, queryClient.getQueriesData<ListResult<FirewallRule>>({ queryKey: keys.firewallRules.all(zoneId) }))
  const plan = useMemo(() => deletePlanSummary(zoneId, toDelete.map((r) => r.id)), [zoneId, toDelete])
  const { runner, refresh } = useDeleteRules(zoneId, plan.batchSize)

  const confirm = () => {
    const rules = toDelete
    setToDelete([])
    void runner.start(rules).then((results) => {
      const gone = new Set(results.filter((r) => r.status === 'ok' || r.errors?.some((e) => /no longer exists/.test(e.message))).map((r) => r.key))
      table.setRowSelection((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !gone.has(id))))
      setFetched((prev) => new Map([...prev].filter(([id]) => !gone.has(id))))
      void refresh()
    })
  }
  const filtered = Boolean(state.search.description || state.search.action || state.search.paused !== undefined)

  return (
    <>
      <PageHeader
        eyebrow={zoneName}
        title="Firewall rules"
        description="Rules that block, challenge or allow requests to this zone. This API is being retired: clear out rules you no longer need here."
      />
      <DataTableFilterBar table={table} state={state} />
      <RoleNotice permission={permission} what="these rules" />
      {canEdit && (
        <SelectionBar
          zoneId={zoneId}
          search={state.search}
          selected={selected}
          pageAllSelected={table.getIsAllPageRowsSelected()}
          total={query.data?.resultInfo.total_count ?? 0}
          onSelectAll={(rules) => {
            setFetched(new Map(rules.map((r) => [r.id, r])))
            table.setRowSelection(Object.fromEntries(rules.map((r) => [r.id, true])))
          }}
          onClear={() => table.resetRowSelection(true)}
          onDelete={() => setToDelete(selected)}
        />
      )}
      <DataTable
        table={table}
        label={`Firewall rules of ${zoneName}`}
        itemLabel="rules"
        query={query}
        pageSizes={firewallPage.pageSizes}
        empty={
          filtered ? (
            <EmptyState
              title="No rule matches these filters"
              description="Try another part of the description, or another action or state."
              action={<Button onClick={() => state.clearFilters(['description', 'action', 'paused'])}>Clear filters</Button>}
            />
          ) : (
            <EmptyState title="No firewall rules" description="This zone has no firewall rules left." />
          )
        }
      />
      <DeleteRulesDialog rules={toDelete} requests={plan.requests} zoneName={zoneName} onConfirm={confirm} onCancel={() => setToDelete([])} />
      <BulkProgress runner={runner} title={`Deleting ${runner.total === 1 ? 'a firewall rule' : `${runner.total} firewall rules`}`} onClose={runner.reset} />
    </>
  )
}

const EMPTY: FirewallRule[] = []

/**
 * The selected rules by id, so a selection spanning pages can still be listed by name: from the
 * rules "select all" fetched, or any cached page. An id found nowhere (cache expired) is still
 * deleted; it is listed by its id.
 */
function selectedRules(ids: string[], fetched: ReadonlyMap<string, FirewallRule>, pages: [unknown, ListResult<FirewallRule> | undefined][]): FirewallRule[] {
  const known = new Map(fetched)
  for (const [, page] of pages) for (const r of page?.result ?? []) known.set(r.id, r)
  return ids.map((id) => known.get(id) ?? { id, action: '', paused: false, filter: { id: '', deleted: true as const } })
}
