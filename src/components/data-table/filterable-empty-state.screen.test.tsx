import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { FilterableEmptyState } from './filterable-empty-state'

const KEYS = ['hosts', 'status']
const messages = {
  noMatch: { title: 'No script matches these filters', description: 'Try a shorter host.' },
  none: { title: 'No scripts detected yet' },
}
afterEach(cleanup)

describe('FilterableEmptyState', () => {
  it('says the list is empty, with no clear button, when none of its filters is set', () => {
    render(<FilterableEmptyState state={{ search: { page: 2, order: 'last_seen_at' }, clearFilters: () => undefined }} filterKeys={KEYS} {...messages} />)
    expect(screen.getByText('No scripts detected yet')).toBeTruthy()
    expect(screen.queryByText(/matches these filters/)).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says nothing matches and clears exactly its filter keys when one is set', async () => {
    const cleared: string[][] = []
    render(<FilterableEmptyState state={{ search: { status: 'all' }, clearFilters: (keys: string[]) => cleared.push(keys) }} filterKeys={KEYS} {...messages} />)
    expect(screen.getByText('No script matches these filters')).toBeTruthy()
    expect(screen.getByText('Try a shorter host.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(cleared).toEqual([KEYS])
  })
})
