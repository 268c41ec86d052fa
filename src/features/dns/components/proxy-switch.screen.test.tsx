import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The DNS table's proxy switch says what it really does for the person on the zone: for a viewer
 * allowed to propose on a zone whose changes need approval, it adds to their change request and
 * saves nothing. Answered by the real server app (sandbox) in this process.
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
})
