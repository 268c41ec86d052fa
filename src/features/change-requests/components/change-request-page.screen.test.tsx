import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * A change request whose apply was cut short, as an approver finds it: the real server app
 * answers the page, and its read recovers the request from the store and the audit log (the instance
 * that reserved it stopped: its lease ran out) before the page shows it.
 */
const server = screenServer()
const Z = SEED_ZONES.demo

async function cutShort(): Promise<number> {
  const { store } = server
  const crs = store.changeRequests
  const id = await crs.create({
    zoneId: Z.id, zoneName: Z.name, title: 'Shop launch', reason: 'New shop front', who: { personId: null, username: 'ed', personName: 'Ed' },
    items: [
      { action: 'create', recordId: null, body: { type: 'A', name: 'shop', content: '192.0.2.80', ttl: 300 }, before: null },
      { kind: 'page_shield_policy', action: 'create', recordId: null, body: { description: 'Shop scripts', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" }, before: null },
    ],
  })
  // Another instance reserved it with a lease that has run out: its DNS batch was answered (an audit entry
  // under the write's request id), its policy write was sent and never answered.
  expect(await crs.reserve(id, { personId: null, username: 'erin', personName: 'Erin' }, { instance: 'web-1', token: 'tok-web-1', ms: 400 })).toBe(true)
  expect(await crs.markSent(id, 'tok-web-1', 400, [0], '7f1d0c8e-0000-4000-8000-000000000001')).toBe(true)
  await store.audit.add({
    at: Date.now(), requestId: '7f1d0c8e-0000-4000-8000-000000000001', personId: null, username: 'erin', personName: 'Erin', mode: 'sandbox', zoneId: Z.id, zoneName: Z.name,
    area: 'dns', resourceType: 'dns_records', resourceId: null, action: 'batch', method: 'POST', path: `/zones/${Z.id}/dns_records/batch`, outcome: 'success', status: 200, errors: [], before: null, after: null, undoOf: null,
  })
  expect(await crs.markSent(id, 'tok-web-1', 400, [1], '7f1d0c8e-0000-4000-8000-000000000002')).toBe(true)
  // Then web-1 stopped: its lease runs out (a lapsed lease takes no more marks; recovery takes over).
  await new Promise((r) => setTimeout(r, 450))
  return id
}

describe('a change request cut short', () => {
  it('shows an approver what is known, per change, and what they can do next; the list says it too', async () => {
    const id = await cutShort()
    await server.signInAs('ada', 'admin')
    renderApp(`/change-requests/${id}`)
    const banner = (await screen.findByText('Interrupted while being applied')).closest('[role="alert"]') as HTMLElement
    expect(banner).toBeTruthy()
    expect(within(banner).getByText('Interrupted: the server stopped while applying; 1 of 2 changes is known to have landed. The outcome of 1 change is unknown: sent, with no answer recorded.')).toBeTruthy()
    expect(within(banner).getByText(/^Instance web-1 took it on .*; instance .* found it stopped and recovered it on .*, from the audit log\.$/)).toBeTruthy()
    const results = within(banner).getByRole('list', { name: 'Result per change' })
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'applied: added A shop.example.com',
      expect.stringMatching(/^outcome unknown: added Policy: Shop scripts \(Sent, but no answer was recorded/),
    ])
    const next = within(banner).getByRole('list', { name: 'What you can do next' })
    expect(within(next).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Check the zone for the change marked “outcome unknown”: it was sent but no answer was recorded, so it may or may not be there.',
      'To take back what landed, use Undo this request: it reverses only the changes marked applied.',
    ])
    expect(within(banner).getByRole('button', { name: 'Undo this request' })).toBeTruthy()
    expect(screen.getAllByText('interrupted: outcome unknown').length).toBeGreaterThan(0)

    const user = userEvent.setup()
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Change requests' }))
    await user.click(await screen.findByRole('tab', { name: 'All on my zones' }))
    const list = await screen.findByRole('list', { name: 'Change requests' })
    const row = within(list).getByRole('link', { name: `#${id} Shop launch` }).closest('li')!
    expect(within(row).getByText('interrupted: outcome unknown')).toBeTruthy()
    await waitFor(() => expect(within(row).getByText(/^Interrupted: the server stopped while applying; 1 of 2 changes is known to have landed\..* Open it to see what you can do next\.$/)).toBeTruthy())
  })
})
