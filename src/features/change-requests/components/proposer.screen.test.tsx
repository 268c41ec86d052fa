import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '@/testing/server/auth'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { changeDraft } from '@/lib/change-requests'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The request page for the person who proposed it: who will approve it, Withdraw (theirs only, after
 * a confirmation), and a withdrawn request's changes back in the tray as a new request. The real
 * server app answers the page.
 */
const server = screenServer()
const Z = SEED_ZONES.demo
let ottoId = ''

beforeAll(async () => {
  ottoId = (await addPerson(server.store, 'otto', 'editor', [Z.name])).person.id
  await server.store.changeRequests.setZone({ zoneId: Z.id, zoneName: Z.name, required: true, approverMode: 'named', approverIds: [ottoId] }, 'test')
})

const file = (username: string, personName: string, items: Parameters<typeof server.store.changeRequests.create>[0]['items']) =>
  server.store.changeRequests.create({ zoneId: Z.id, zoneName: Z.name, title: 'Shop launch', reason: 'New shop front', who: { personId: null, username, personName }, items })
const shopA = { action: 'create' as const, recordId: null, body: { type: 'A', name: 'shop', content: '192.0.2.80', ttl: 1 }, before: null }

describe('a change request, as its requester sees it', () => {
  it('says who will approve it, withdraws it after asking, and puts its changes back in the tray as a new request', async () => {
    changeDraft.clear()
    await server.signInAs('ed', 'editor', [Z.name])
    const id = await file('ed', 'Ed', [shopA])
    renderApp(`/change-requests/${id}`)
    const who = (await screen.findByRole('heading', { name: 'Who will approve' })).closest('section') ?? document.body
    expect(within(who as HTMLElement).getByText('Otto (otto), or any administrator.')).toBeTruthy()

    // TTL 1 is the API's "Auto": the diff says so, not "1".
    const row = within(screen.getByRole('region', { name: 'Added: A shop.example.com' })).getByRole('row', { name: /^ttl/ })
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['ttl', '—', 'Auto'])

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = await screen.findByRole('dialog', { name: `Withdraw request #${id}?` })
    // Cancel first: nothing happens.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect((await server.store.changeRequests.get(id))!.status).toBe('pending')
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw request' }))
    const banner = (await screen.findByText(/^Withdrawn by Ed on /)).closest('[role="status"]') as HTMLElement
    expect((await server.store.changeRequests.get(id))!.status).toBe('withdrawn')
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Who will approve' })).toBeNull()
    expect(within(banner).getByRole('link', { name: `DNS records of ${Z.name}` })).toBeTruthy()

    await user.click(within(banner).getByRole('button', { name: 'Revise as a new request' }))
    const tray = await screen.findByRole('list', { name: 'Changes in this request' })
    expect(within(tray).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^Add A shop\.example\.com/)])
    await waitFor(() => expect(window.location.pathname).toBe(`/zones/${Z.id}/dns`))
    changeDraft.clear()
  })

  it('offers Withdraw to its requester only: an approver sees who approves, and no Withdraw', async () => {
    const id = await file('ed', 'Ed', [shopA])
    await server.signInAs('erin', 'admin')
    renderApp(`/change-requests/${id}`)
    await screen.findByRole('heading', { name: 'Who will approve' })
    expect(await screen.findByRole('button', { name: 'Approve and apply' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })
})
