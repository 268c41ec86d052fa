import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { plural } from '@/lib/format'
import type { FirewallRule } from '@/shared/schemas/firewall'
import type { FirewallSearch } from '../api/firewall-search'
import { getAllFirewallRules } from '../api/get-firewall-rules'

/** What is selected, and what can be done with it: select every matching rule, clear, delete. */
export function SelectionBar(props: {
  zoneId: string
  search: FirewallSearch
  selected: FirewallRule[]
  pageAllSelected: boolean
  total: number
  onSelectAll: (rules: FirewallRule[]) => void
  onClear: () => void
  onDelete: () => void
}) {
  const toast = useToast()
  const [loading, setLoading] = useState(false)
  const n = props.selected.length
  const selectAll = async () => {
    setLoading(true)
    try {
      props.onSelectAll(await getAllFirewallRules(props.zoneId, props.search))
    } catch (err) {
      toast.error('Could not select every matching rule', err)
    } finally {
      setLoading(false)
    }
  }
  return (
    <div
      role="region"
      aria-label="Selection"
      className="mb-3 flex min-h-11 flex-wrap items-center gap-3 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800/60"
    >
      <span aria-live="polite" className="font-medium text-zinc-800 dark:text-zinc-100">
        {n ? `${plural(n, 'rule')} selected` : 'Select rules to delete several at once (Shift-click selects a range).'}
      </span>
      {props.pageAllSelected && props.total > n && (
        <Button size="sm" variant="ghost" pending={loading} onClick={() => void selectAll()}>
          Select all {plural(props.total, 'matching rule')}
        </Button>
      )}
      {n > 0 && (
        <>
          <Button size="sm" variant="ghost" onClick={props.onClear}>
            Clear selection
          </Button>
          <Button size="sm" variant="danger" onClick={props.onDelete} className="ml-auto">
            Delete {plural(n, 'selected rule')}
          </Button>
        </>
      )}
    </div>
  )
}
