import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'
import { LoadingBlock } from '@/components/ui/spinner'
import type { Pool } from '@/shared/schemas/load-balancing'
import { useAccounts } from '../api/get-accounts'
import { usePools } from '../api/get-pools'
import { poolsPage } from '../api/pools-search'
import { AccountPicker } from './account-picker'
import { MigrationAssistant } from './migration-assistant'
import { PoliciesList } from './policies-list'
import { poolColumns } from './pool-columns'

const route = getRouteApi('/load-balancing')
const getRowId = (p: Pool) => p.id

/** Load-balancer pools of an account, the migration of their legacy e-mail, and the policies replacing it. */
export function LoadBalancingPage() {
  const state = useUrlTableState(route, poolsPage)
  const accounts = useAccounts()
  // The migration changes every pool of the account: account-level work (the server checks too).
  const admin = useCanWrite('load-balancing', 'account')
  const list = accounts.data ?? []
  const account = list.find((a) => a.id === state.search.account) ?? list[0]
  const accountId = account?.id ?? ''
  const pools = usePools(accountId, state.search)
  const table = useDataTable({ columns: poolColumns, data: pools.data?.result ?? EMPTY, rowCount: pools.data?.resultInfo.total_count, urlState: state, getRowId })

  const header = (
    <PageHeader
      title="Load balancing"
      description="Pools are groups of servers that share traffic. Here you see who is told when one stops answering, and move that to notification policies."
      actions={list.length > 1 && account ? <AccountPicker accounts={list} value={account.id} onChange={(id) => state.setFilter('account', id)} /> : undefined}
    />
  )
  const blocker = accounts.isPending ? (
    <LoadingBlock />
  ) : accounts.error ? (
    <ErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />
  ) : !account ? (
    <EmptyState title="No account found" description="Accounts are found through their zones, and this credential sees no zone." />
  ) : null
  if (blocker || !account) {
    return (
      <>
        {header}
        {blocker}
      </>
    )
  }
  return (
    <>
      {header}
      <div className="space-y-6">
        {admin.allowed ? (
          <MigrationAssistant key={account.id} accountId={account.id} />
        ) : (
          <RoleNotice permission={admin} what="the pools and their notification policies" />
        )}
        <Card title={`Pools of ${account.name}`} description="In name order, the order the bulk clearing uses. “Legacy e-mail” is the deprecated per-pool address.">
          <DataTable
            table={table}
            label={`Load-balancer pools of ${account.name}`}
            itemLabel="pools"
            query={pools}
            pageSizes={poolsPage.pageSizes}
            empty={<EmptyState title="No pools" description="This account has no load-balancer pools." />}
          />
        </Card>
        <PoliciesList accountId={account.id} />
      </div>
    </>
  )
}

const EMPTY: Pool[] = []
