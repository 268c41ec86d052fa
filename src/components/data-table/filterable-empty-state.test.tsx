import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FilterableEmptyState } from './filterable-empty-state'

const KEYS = ['hosts', 'status']
const messages = {
  noMatch: { title: 'No script matches these filters', description: 'Try a shorter host.' },
  none: { title: 'No scripts detected yet' },
}

describe('FilterableEmptyState', () => {
  it('says the list is empty, with no clear button, when none of its filters is set', () => {
    const state = { search: { page: 2, order: 'last_seen_at' }, clearFilters: () => undefined }
    const html = renderToStaticMarkup(<FilterableEmptyState state={state} filterKeys={KEYS} {...messages} />)
    expect(html).toContain('No scripts detected yet')
    expect(html).not.toContain('matches these filters')
    expect(html).not.toContain('Clear filters')
  })

  it('says nothing matches and clears exactly its filter keys when one is set', () => {
    const cleared: string[][] = []
    const state = { search: { status: 'all' }, clearFilters: (keys: string[]) => cleared.push(keys) }
    const html = renderToStaticMarkup(<FilterableEmptyState state={state} filterKeys={KEYS} {...messages} />)
    expect(html).toContain('No script matches these filters')
    expect(html).toContain('Try a shorter host.')
    expect(html).toContain('Clear filters')
    const shown = FilterableEmptyState({ state, filterKeys: KEYS, ...messages }) as ReactElement<{
      action: ReactElement<{ onClick: () => void }>
    }>
    shown.props.action.props.onClick()
    expect(cleared).toEqual([KEYS])
  })
})
