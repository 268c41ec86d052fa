import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'

/** The Zones list of a person an administrator limited to some zones, answered by the real server app (sandbox, sign-in) in this process. */
const server = screenServer()

describe('a person limited to some zones', () => {
  it('is told on their zones list that an administrator limited their access, and sees only those zones', async () => {
    await server.signInAs('nina', 'viewer', ['example.com', 'newshop.dev'])
    renderApp('/zones')
    const note = await screen.findByText(/You see 2 zones: your access is limited to these by an administrator\./)
    expect(note.closest('[role="note"]')).not.toBeNull()
    const table = await screen.findByRole('table', { name: 'Zones' })
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2))
    expect(within(table).queryByText('old-brand.net')).toBeNull()
  })

  it('is not told so with every zone', async () => {
    await server.signInAs('wide', 'viewer')
    renderApp('/zones')
    const table = await screen.findByRole('table', { name: 'Zones' })
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(3))
    expect(screen.queryByText(/your access is limited/)).toBeNull()
  })
})
