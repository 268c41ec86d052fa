import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/** Which tab the change-request list opens on, and that the tab chosen is kept in the URL. */
const server = screenServer()
const Z = SEED_ZONES.demo

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent

describe('the change-request list', () => {
  it('opens on the person’s own requests when nothing waits for their approval, and keeps the chosen tab in the URL', async () => {
    await server.signInAs('vic', 'viewer')
    const { router } = renderApp('/change-requests')
    await waitFor(() => expect(selected()).toBe('My requests'))
    expect(await screen.findByText('You have not filed a change request.')).toBeTruthy()

    await userEvent.setup().click(screen.getByRole('tab', { name: 'All on my zones' }))
    await waitFor(() => expect(currentSearch().get('tab')).toBe('all'))
    expect(selected()).toBe('All on my zones')
    await router.invalidate()
    expect(selected()).toBe('All on my zones')
  })

  it('opens on what waits for the approver when something does; a tab in the URL wins over that', async () => {
    await server.store.changeRequests.create({
      zoneId: Z.id, zoneName: Z.name, title: 'Add shop', reason: 'Launch', who: { personId: null, username: 'ed', personName: 'Ed' },
      items: [{ action: 'create', recordId: null, body: { type: 'A', name: 'shop', content: '192.0.2.80', ttl: 1 }, before: null }],
    })
    await server.signInAs('ada', 'admin')
    const first = renderApp('/change-requests')
    await waitFor(() => expect(selected()).toBe('To approve (1)'))
    expect(await screen.findByRole('link', { name: /Add shop/ })).toBeTruthy()
    first.unmount()

    renderApp('/change-requests?tab=mine')
    await waitFor(() => expect(screen.getAllByRole('tab').length).toBe(3))
    expect(selected()).toBe('My requests')
  })
})
