import { createDataTableColumnHelper } from '@/components/data-table/features'
import { listFilter } from '@/components/data-table/list-filter'
import { deleteColumn } from '@/components/data-table/delete-column'
import { selectColumn } from '@/components/data-table/select-column'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { TruncatedText } from '@/components/ui/truncated-text'
import type { FirewallRule } from '@/shared/schemas/firewall'
import { FIREWALL_ACTIONS } from '@/shared/lists/firewall'
import { firewallPage } from '../api/firewall-search'

const col = createDataTableColumnHelper<FirewallRule>()

const actionLabels: Record<string, string> = {
  block: 'Block',
  challenge: 'Challenge',
  js_challenge: 'JS challenge',
  managed_challenge: 'Managed challenge',
  allow: 'Allow',
  log: 'Log',
  bypass: 'Bypass',
}
const actionTone: Record<string, BadgeTone> = { block: 'danger', allow: 'success', bypass: 'info', log: 'neutral' }

export const ActionBadge = ({ action }: { action: string }) => <Badge tone={actionTone[action] ?? 'warning'}>{actionLabels[action] ?? action}</Badge>

export const ruleName = (r: FirewallRule) => r.description || `Rule ${r.id}`

/** Columns of the rules table (the API has no sort parameter, so none is sortable). */
/** `onDelete` undefined: no delete column (the person may not change firewall rules). */
export function getFirewallColumns(onDelete?: (rule: FirewallRule) => void) {
  return col.columns([
    selectColumn<FirewallRule>(ruleName),
    col.accessor((r) => r.description ?? '', {
      id: 'description',
      header: 'Description',
      enableSorting: false,
      meta: { filter: listFilter(firewallPage, 'description', { label: 'Description contains', placeholder: 'e.g. bot' }) },
      cell: (info) => (info.getValue() ? <TruncatedText value={info.getValue()} max={70} /> : <span className="text-zinc-500 dark:text-zinc-400">No description</span>),
    }),
    col.accessor('action', {
      id: 'action',
      header: 'Action',
      enableSorting: false,
      meta: { filter: listFilter(firewallPage, 'action', { label: 'Action', allLabel: 'Any action', options: FIREWALL_ACTIONS, optionLabels: actionLabels }) },
      cell: (info) => <ActionBadge action={info.getValue()} />,
    }),
    col.accessor((r) => ('expression' in r.filter ? r.filter.expression : ''), {
      id: 'expression',
      header: 'Matches',
      enableSorting: false,
      cell: (info) =>
        'deleted' in info.row.original.filter ? (
          <span className="text-zinc-500 dark:text-zinc-400">Filter deleted</span>
        ) : (
          <TruncatedText value={info.getValue()} max={60} mono />
        ),
    }),
    col.accessor((r) => r.priority ?? null, {
      id: 'priority',
      header: 'Priority',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => info.getValue() ?? <span className="text-zinc-500 dark:text-zinc-400" title="Runs after the rules that have a priority">Last</span>,
    }),
    col.accessor('paused', {
      id: 'paused',
      header: 'State',
      enableSorting: false,
      meta: { filter: listFilter(firewallPage, 'paused', { label: 'State', trueLabel: 'Paused', falseLabel: 'Active', allLabel: 'Any state' }) },
      cell: (info) => (info.getValue() ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Active</Badge>),
    }),
    ...(onDelete ? [deleteColumn<FirewallRule>(ruleName, onDelete)] : []),
  ])
}
