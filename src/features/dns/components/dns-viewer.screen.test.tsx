import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * A viewer allowed to propose, on a zone whose changes need approval, answered by the real server
 * app (sandbox) in this process. The proxy switch says what it really does for them (it adds to
 * their change request and saves nothing); a record's History, with nothing they may undo, can
 * still be reached and scrolled by keyboard.
 */
const server = screenServer()
const Z = SEED_ZONES.demo
const W = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }
const NAME = `proxy-propose.${Z.name}`
const record = async () => ((await (await fetch(`/api/v4/zones/${Z.id}/dns_records?name.exact=${NAME}`)).json()) as { result: { proxied: boolean }[] }).result

describe('the proxy switch of a proposer', () => {
  it('says it adds to the change request, and does so without saving', async () => {
    // Set while nobody is defined (the local administrator): a record, then changes on the zone need approval.
    const added = await server.app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name: 'proxy-propose', content: '192.0.2.80', ttl: 300, proxied: false }) })
    expect(added.status).toBe(200)
    const approval = await server.app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: W, body: JSON.stringify({ required: true, approverMode: 'admins' }) })
    expect(approval.status).toBe(200)
    await server.signInAs('vic', 'viewer')
    const vic = (await server.store.people.list()).find((p) => p.username === 'vic')!
    await server.store.changeRequests.setPerson(vic.id, { mayPropose: true, email: null })
    const before = await record()
    expect(before).toMatchObject([{ proxied: false }])

    const user = userEvent.setup()
    renderApp(`/zones/${Z.id}/dns?name.contains=proxy-propose`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Proxy status/ }).textContent).toContain('switch adds to your change request'))
    expect(table.textContent).not.toContain('applies at once')
    const toggle = await within(table).findByRole('switch', { name: /^Proxy proxy-propose\.example\.com .*; adds to your change request$/ })
    await user.click(toggle)
    expect(await screen.findByText('Added to your change request')).toBeTruthy()
    expect(await record()).toEqual(before)
  })

  it("reaches a record's History by keyboard even with nothing to undo in it, and the record form keeps its own order", async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z.id}/dns?name.contains=proxy-propose`)
    await user.click(await screen.findByRole('button', { name: `History of A record ${NAME}` }))
    const dialog = await screen.findByRole('dialog', { name: `History of A record ${NAME}` })
    const list = within(dialog).getByRole('region', { name: `Changes to A record ${NAME}` })
    expect(list.getAttribute('tabindex')).toBe('0')
    await within(list).findByText(`A ${NAME}`)
    expect(within(list).queryAllByRole('button')).toEqual([])
    // Tab from the dialog's close button lands on the list.
    within(dialog).getByRole('button', { name: 'Close' }).focus()
    await user.tab()
    expect(document.activeElement).toBe(list)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // The record form's body is not a tab stop: its fields are.
    await user.click(screen.getByRole('button', { name: `Edit A record ${NAME}` }))
    const form = await screen.findByRole('dialog', { name: /proxy-propose/ })
    expect(form.querySelector('[tabindex="0"]')).toBeNull()
  })
})
