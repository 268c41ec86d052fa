import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { changeDraft } from '@/lib/change-requests'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** The tray of a request being put together: what a proposer is told before it can be sent. */
const server = screenServer()
const Z = SEED_ZONES.demo

describe('the change tray', () => {
  it('says at the Title field why the request cannot be sent yet, sends nothing, and keeps what was typed', async () => {
    await server.signInAs('vic', 'viewer')
    changeDraft.add(Z.id, Z.name, { action: 'create', body: { type: 'A', name: 'shop', content: '192.0.2.80', ttl: 1 }, label: `Add A shop.${Z.name}` })
    renderApp('/zones')
    const tray = (await screen.findByRole('heading', { name: /1 change in this request/ })).closest('section')!
    const user = userEvent.setup()
    await user.type(within(tray).getByLabelText(/Reason/), 'Launch of the shop')
    const send = within(tray).getByRole('button', { name: 'Send for approval' })
    expect(send.hasAttribute('disabled')).toBe(false)
    await user.click(send)

    const title = within(tray).getByLabelText(/^Title/)
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Give the request a title: it is what the approver sees first in their list.')
    expect(document.activeElement).toBe(title)
    expect(within(tray).getByLabelText(/Reason/)).toHaveProperty('value', 'Launch of the shop')
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.startsWith('/api/local/change-requests'))).toEqual([])

    await user.type(title, 'Shop launch')
    expect(title.hasAttribute('aria-invalid')).toBe(false)
    changeDraft.clear()
  })
})
