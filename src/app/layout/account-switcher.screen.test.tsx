import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_HEADER } from '@/shared/account-context'
import { ESTATE_ACCOUNTS, SANDBOX_TOKENS } from '@/server/emulator/estate/data'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/**
 * The top bar's account switcher, driven by keyboard, answered by the real server app. The screen
 * server's sandbox (a module emulator) reaches the demo account itself; a stored token reaches a
 * client account besides it. (The emulator's token binding itself is the door's test:
 * src/server/accounts/account-door-sandbox.test.ts.)
 */
const server = screenServer({ credentialsKey: randomBytes(32) })
const harbour = ESTATE_ACCOUNTS.harbour
beforeAll(async () => {
  await server.signInAs('ada', 'admin')
  await server.store.credentials.add({
    label: 'Harbour account token',
    credential: { kind: 'token', token: SANDBOX_TOKENS[0].value },
    check: { accounts: [{ id: harbour.id, name: harbour.name }], policies: null, status: null, expiresOn: null },
    by: 'test',
  })
})

describe('the account switcher', () => {
  it('switches account: the URL names it, every request after carries it, the zones list asks for that account’s', async () => {
    const user = userEvent.setup()
    renderApp('/zones')
    await screen.findByRole('link', { name: SEED_ZONES.demo.name })
    const box = await screen.findByRole('combobox', { name: 'Switch account' })
    expect(screen.getByText('Acting through: The sandbox')).toBeTruthy()
    await user.click(box)
    await user.type(box, 'harb')
    const option = await within(await screen.findByRole('listbox')).findByRole('option', { name: /Harbour Dental Group/ })
    // The credential's name, never its secret.
    expect(option.textContent).toContain('via Harbour account token')
    expect(document.body.textContent).not.toContain(SANDBOX_TOKENS[0].value)
    server.sent.length = 0
    await user.keyboard('{Enter}')
    await waitFor(() => expect(currentSearch().get('account')).toBe(harbour.id))
    await screen.findByText('Acting through: Harbour account token')
    // The demo account's zones are gone: the list is asked for Harbour's, with Harbour named.
    await waitFor(() => expect(screen.queryByRole('link', { name: SEED_ZONES.demo.name })).toBeNull())
    const zoneReads = server.sent.filter((r) => r.url.startsWith('/api/v4/zones'))
    expect(zoneReads.length).toBeGreaterThan(0)
    for (const r of zoneReads) {
      expect(r.headers[ACCOUNT_HEADER]).toBe(harbour.id)
      expect(new URL(r.url, 'http://x').searchParams.get('account.id')).toBe(harbour.id)
    }
    // Kept across navigation: a link that does not say the account keeps it.
    await user.click(screen.getByRole('link', { name: 'Audit log' }))
    await waitFor(() => expect(window.location.pathname).toBe('/audit'))
    expect(currentSearch().get('account')).toBe(harbour.id)
  })
})
