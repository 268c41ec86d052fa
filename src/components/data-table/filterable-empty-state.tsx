import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'

interface Message {
  title: string
  description?: ReactNode
}

/**
 * A table's `empty` content: when any of `filterKeys` is set in the URL, says nothing matches and
 * offers "Clear filters" (which clears those keys); otherwise says the list itself is empty.
 */
export function FilterableEmptyState({
  state,
  filterKeys,
  noMatch,
  none,
}: {
  state: { search: object; clearFilters: (keys: string[]) => void }
  filterKeys: readonly string[]
  noMatch: Message
  none: Message
}) {
  const filtered = filterKeys.some((k) => (state.search as Record<string, unknown>)[k] !== undefined)
  return filtered ? (
    <EmptyState
      title={noMatch.title}
      description={noMatch.description}
      action={<Button onClick={() => state.clearFilters([...filterKeys])}>Clear filters</Button>}
    />
  ) : (
    <EmptyState title={none.title} description={none.description} />
  )
}
