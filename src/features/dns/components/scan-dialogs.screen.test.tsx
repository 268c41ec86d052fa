import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The DNS scan's two dialogs over their shared panel (scan-panel.tsx), answered by the real server
 * app (sandbox) in this process: the direct review, then the proposing one for a viewer who may
 * propose but not start a scan. The zone waiting for its name servers: the scan finds five records.
 */
const server = screenServer()
const Z = SEED_ZONES.pending
const W = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }
// As the page asks (signed in as the person the test signed in, if any).
const waiting = async () => ((await (await fetch(`/api/v4/zones/${Z.id}/dns_records/scan/review`)).json()) as { result: { name: string }[] }).result
const text = (el: Element | null) => el?.textContent ?? ''
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled

describe('the DNS scan dialogs', () => {
  it('review: check for more before any scan, start one, count what it found, reject one with its result', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z.id}/dns`)
    await user.click(await screen.findByRole('button', { name: 'Scan for records' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan for records' })
    expect(text(dialog)).toContain('Nothing is added until you accept it.')
    expect(await within(dialog).findByText('No found records wait for review. Start the scan to look for some.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Check for more' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Start the scan' }))
    await waitFor(() =>
      expect(text(within(dialog).getAllByRole('status')[0])).toContain(
        'Scan started. Found so far: 5 records to review. The service keeps scanning in the background: check for more in a moment.',
      ),
    )
    const table = within(dialog).getByRole('table', { name: 'Records found by the scan' })
    expect(within(table).getAllByRole('row')).toHaveLength(6)
    expect(within(table).queryByRole('checkbox')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: `Reject TXT record _dmarc.${Z.name}` }))
    expect(text(await within(dialog).findByRole('status', { name: 'Review result' }))).toContain('0 added to the zone, 1 rejected.')
    expect(text(within(table).getByText(`_dmarc.${Z.name}`).closest('tr'))).toContain('Rejected')
    expect(disabled(within(dialog).getByRole('button', { name: 'Accept all (4)' }))).toBe(false)
    expect((await waiting()).map((r) => r.name)).not.toContain(`_dmarc.${Z.name}`)
  })

  it('proposing: a viewer who may propose cannot start a scan, ticks every found record, unticks one, proposes rejecting the rest', async () => {
    // Set while nobody is defined (the local administrator): changes on the zone need approval.
    const approval = await server.app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: W, body: JSON.stringify({ required: true, approverMode: 'admins' }) })
    expect(approval.status).toBe(200)
    await server.signInAs('vic', 'viewer', [Z.name])
    const vic = (await server.store.people.list()).find((p) => p.username === 'vic')!
    await server.store.changeRequests.setPerson(vic.id, { mayPropose: true, email: null })
    const before = await waiting()
    expect(before).toHaveLength(4)

    const user = userEvent.setup()
    renderApp(`/zones/${Z.id}/dns`)
    await user.click(await screen.findByRole('button', { name: 'Scan for records' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan for records' })
    expect(text(dialog)).toContain('nothing is added until someone else approves it')
    expect(within(dialog).getByText('Starting a scan needs the editor role; you can propose from what earlier scans found.')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Start the scan' })).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Check for more' })).toBeTruthy()
    const table = await within(dialog).findByRole('table', { name: 'Records found by the scan' })
    expect(within(table).getAllByRole('row')).toHaveLength(5)

    await user.click(within(table).getByRole('checkbox', { name: 'Select every found record' }))
    expect(disabled(within(dialog).getByRole('button', { name: 'Propose accepting selected (4)' }))).toBe(false)
    await user.click(within(table).getByRole('checkbox', { name: `Select MX record ${Z.name}` }))
    expect((within(table).getByRole('checkbox', { name: 'Select every found record' }) as HTMLInputElement).checked).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Propose rejecting selected (3)' }))
    await waitFor(() => expect(within(table).getAllByText('Proposed: reject')).toHaveLength(3))
    expect(text(within(table).getByRole('checkbox', { name: `Select MX record ${Z.name}` }).closest('tr'))).toContain('—')
    expect(disabled(within(dialog).getByRole('button', { name: 'Propose rejecting selected (0)' }))).toBe(true)
    // Nothing was sent: the found records still wait for review.
    expect(await waiting()).toEqual(before)
  })
})
