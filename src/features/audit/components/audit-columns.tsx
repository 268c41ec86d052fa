import { ACTION_WORDS, OUTCOME_WORDS, whenText } from '@/components/audit/entry-card'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { listFilter } from '@/components/data-table/list-filter'
import { Badge } from '@/components/ui/badge'
import { BreakAtDots } from '@/components/ui/break-at-dots'
import { Button } from '@/components/ui/button'
import { appliedRequestOf, objectWords, type AuditEntryView } from '@/shared/audit'
import { AUDIT_ACTIONS } from '@/shared/audit-actions'
import type { AuditArea } from '@/shared/lists/audit'
import { auditPage } from '../api/audit-search'

const col = createDataTableColumnHelper<AuditEntryView>()
const AREA_WORDS: Record<AuditArea, string> = {
  dns: 'DNS', 'page-shield': 'Page security', 'log-fields': 'Log fields', logpush: 'Log jobs', certificates: 'Certificates', firewall: 'Firewall',
  'load-balancing': 'Load balancing', invites: 'Invites', people: 'People', 'sign-in': 'Sign-in', sandbox: 'Sandbox', 'change-requests': 'Change requests', credentials: 'Credentials',
  practice: 'Practice',
}
const TONE = { success: 'success', failure: 'danger', refused: 'warning', unknown: 'warning' } as const

/** What the entry was about, as a person knows it: "A shop.example.com", not the record's id. */
const what = objectWords

/** Columns of the audit log (newest first; the server orders it, so no column sorts). `accounts`: names by id (the accounts in scope). */
export function getAuditColumns(onOpen: (e: AuditEntryView) => void, accounts: Readonly<Record<string, string>> = {}) {
  const accountIds = Object.keys(accounts)
  return col.columns([
    col.accessor('at', { id: 'at', header: 'When', enableSorting: false, cell: (i) => <time dateTime={new Date(i.getValue()).toISOString()} className="whitespace-nowrap">{whenText(i.getValue())}</time> }),
    col.accessor('personName', {
      id: 'person',
      header: 'Who',
      enableSorting: false,
      meta: { filter: listFilter(auditPage, 'person', { label: 'Person (user name)', placeholder: 'e.g. ada' }) },
      cell: (i) => (
        <span>
          {i.getValue()} <span className="text-zinc-500 dark:text-zinc-400">({i.row.original.username})</span>
          {i.row.original.tokenPrefix && <span className="block text-xs text-zinc-500 dark:text-zinc-400">with API token {i.row.original.tokenPrefix}…</span>}
        </span>
      ),
    }),
    col.accessor((e) => e.zoneName ?? e.zoneId ?? '', {
      id: 'zone',
      header: 'Zone',
      enableSorting: false,
      meta: { filter: listFilter(auditPage, 'zone', { label: 'Zone name', placeholder: 'e.g. example.com' }) },
      cell: (i) => i.getValue() || <span className="text-zinc-500 dark:text-zinc-400">Account</span>,
    }),
    col.accessor((e) => e.account ?? '', {
      id: 'account_id',
      header: 'Account',
      enableSorting: false,
      meta: {
        filter: accountIds.length
          ? listFilter(auditPage, 'account_id', { label: 'Account', allLabel: 'Any account', options: accountIds, optionLabels: accounts })
          : listFilter(auditPage, 'account_id', { label: 'Account (id)', placeholder: '32 hexadecimal digits' }),
      },
      // The account the change went through; none named: the deployment's default account.
      cell: (i) => (i.getValue() ? <span className="break-all">{accounts[i.getValue()] ?? i.getValue()}</span> : <span className="text-zinc-500 dark:text-zinc-400">Default account</span>),
    }),
    col.accessor('area', {
      id: 'area',
      header: 'Area',
      enableSorting: false,
      meta: { filter: listFilter(auditPage, 'area', { label: 'Area', allLabel: 'Any area', optionLabels: AREA_WORDS }) },
      cell: (i) => AREA_WORDS[i.getValue() as AuditArea] ?? i.getValue(),
    }),
    col.accessor('action', {
      id: 'action',
      header: 'What',
      enableSorting: false,
      meta: { card: 'title', filter: listFilter(auditPage, 'action', { label: 'Action', allLabel: 'Any action', options: AUDIT_ACTIONS, optionLabels: ACTION_WORDS }) },
      cell: (i) => (
        <span>
          {ACTION_WORDS[i.getValue()] ?? i.getValue()} <span className="font-mono text-xs text-zinc-600 [overflow-wrap:break-word] dark:text-zinc-400"><BreakAtDots text={what(i.row.original)} /></span>
          <AppliedFrom entry={i.row.original} />
        </span>
      ),
    }),
    col.accessor('outcome', {
      id: 'outcome',
      header: 'Outcome',
      enableSorting: false,
      meta: { filter: listFilter(auditPage, 'outcome', { label: 'Outcome', allLabel: 'Any outcome', optionLabels: OUTCOME_WORDS }) },
      cell: (i) => <Badge tone={TONE[i.getValue()]}>{OUTCOME_WORDS[i.getValue()]}</Badge>,
    }),
    col.display({
      id: 'details',
      header: () => <span className="sr-only">Details</span>,
      enableSorting: false,
      meta: { label: 'Details', align: 'end', card: 'actions' },
      cell: (i) => <Button size="sm" variant="ghost" aria-label={`Details of entry ${i.row.original.id}`} onClick={() => onOpen(i.row.original)}>Details</Button>,
    }),
  ])
}

/** A write applied from a change request says which, and whose, in the list too (the entry's details say more). */
function AppliedFrom({ entry }: { entry: AuditEntryView }) {
  const r = appliedRequestOf(entry)
  if (!r) return null
  return (
    <span className="block text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
      From change request #{r.id} {r.title}: proposed by {r.requester.name}, approved by {r.approver.name}
    </span>
  )
}
