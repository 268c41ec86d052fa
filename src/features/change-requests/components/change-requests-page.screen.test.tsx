import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '@/server/emulator/estate/data'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/** Which tab the change-request list opens on, and that the tab chosen is kept in the URL. */
// A vault key: a test stores a client account's token, so the deployment reaches two accounts.
const server = screenServer({ credentialsKey: randomBytes(32) })
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
    // One account reached: no account is named.
    expect(screen.queryByText(/Account:/)).toBeNull()
    first.unmount()

    renderApp('/change-requests?tab=mine')
    await waitFor(() => expect(screen.getAllByRole('tab').length).toBe(3))
    expect(selected()).toBe('My requests')
  })

  it('says which account a request belongs to, in the list and on its page, when the deployment reaches several', async () => {
    // The sandbox reaches its demo account; a stored token reaches a client account besides it.
    const B = ESTATE_ACCOUNTS.harbour
    await server.store.credentials.add({
      label: 'Harbour account token',
      credential: { kind: 'token', token: SANDBOX_TOKENS.find((t) => t.accounts.length === 1 && t.accounts[0] === B.id)!.value },
      check: { accounts: [{ id: B.id, name: B.name }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    // A request filed in that client account, asked for there.
    const zone = ESTATE_ZONES.find((z) => z.account.id === B.id)!
    const id = await server.store.changeRequests.create({
      zoneId: zone.id, zoneName: zone.name, title: 'Booking page', reason: 'New vendor', who: { personId: null, username: 'ed', personName: 'Ed' }, account: B.id,
      items: [{ action: 'create', recordId: null, body: { type: 'TXT', name: `booking.${zone.name}`, content: '"v"', ttl: 300 }, before: null }],
    })
    await server.signInAs('amos', 'admin')
    // The server reads its vault again within a second of the last read (accounts/scope.ts): the token shows then.
    await waitFor(async () => expect(((await (await fetch('/api/local/accounts')).json()) as { result: { accounts: unknown[] } }).result.accounts).toHaveLength(2), { timeout: 3000 })
    renderApp(`/change-requests?tab=all&account=${B.id}`)
    const list = await screen.findByRole('list', { name: 'Change requests' })
    const link = await within(list).findByRole('link', { name: `#${id} Booking page` })
    await waitFor(() => expect(within(link.closest('li')!).getByText(`· Account: ${B.name}`)).toBeTruthy())

    await userEvent.setup().click(link)
    expect(await screen.findByText(`Account: ${B.name}`)).toBeTruthy()
  })
})
