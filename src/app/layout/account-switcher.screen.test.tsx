import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_HEADER } from '@/shared/account-context'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from '@/server/emulator/estate/data'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/** The top bar's account switcher, driven by keyboard, answered by the real server app (the sandbox, its agency estate). */
const server = screenServer()
beforeAll(() => server.signInAs('ada', 'admin'))

describe('the account switcher', () => {
  it('switches to a client account: the URL names it, every request after carries it, and the zones list is that account’s', async () => {
    const user = userEvent.setup()
    const harbour = ESTATE_ACCOUNTS.harbour
    renderApp('/zones')
    await screen.findByRole('link', { name: SEED_ZONES.demo.name })
    const box = await screen.findByRole('combobox', { name: 'Switch account' })
    await user.click(box)
    await user.type(box, 'harb')
    const option = await within(await screen.findByRole('listbox')).findByRole('option', { name: /Harbour Dental Group/ })
    expect(option.textContent).toContain('via The sandbox')
    server.sent.length = 0
    await user.keyboard('{Enter}')
    await waitFor(() => expect(currentSearch().get('account')).toBe(harbour.id))
    // The zones list now: Harbour's two zones, none of the demo account's or another client's.
    const mine = ESTATE_ZONES.filter((z) => z.account.id === harbour.id).map((z) => z.name)
    for (const name of mine) await screen.findByRole('link', { name })
    expect(screen.queryByRole('link', { name: SEED_ZONES.demo.name })).toBeNull()
    expect(screen.queryByRole('link', { name: 'foxandfinch.com' })).toBeNull()
    const zoneReads = server.sent.filter((r) => r.url.startsWith('/api/v4/zones'))
    expect(zoneReads.length).toBeGreaterThan(0)
    for (const r of zoneReads) expect(r.headers[ACCOUNT_HEADER]).toBe(harbour.id)
    expect(screen.getByText(/Acting through: The sandbox/)).toBeTruthy()
    // Kept across navigation: a link that does not say the account keeps it.
    await user.click(screen.getByRole('link', { name: 'Audit log' }))
    await waitFor(() => expect(window.location.pathname).toBe('/audit'))
    expect(currentSearch().get('account')).toBe(harbour.id)
  })
})
