import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * A change request proposed by one person and applied by another, as its records' history and the
 * audit log show it: record by record in the words of a direct edit, with the request and both
 * people. The real server app answers (sandbox, sign-in, change requests, audit store) in this process.
 */
const server = screenServer()
const Z = SEED_ZONES.demo
// Markup in the title (anyone who proposes writes it): shown as text, never as elements.
const TITLE = 'Move <b>shop</b> <img src=x onerror="alert(1)">'

type Rec = { id: string; name: string }
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { success: boolean; result: T }
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json.result
}

let one: Rec
let two: Rec
let request: { id: number; appliedEntryId: number }
beforeAll(async () => {
  await server.signInAs('ada', 'admin')
  const dns = `/api/v4/zones/${Z.id}/dns_records`
  one = await call<Rec>('POST', dns, { type: 'A', name: 'applied-one', content: '192.0.2.1', ttl: 1, proxied: false })
  two = await call<Rec>('POST', dns, { type: 'A', name: 'applied-two', content: '192.0.2.2', ttl: 300, proxied: false })
  await call('PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })
  await server.signInAs('ed', 'editor', [Z.name])
  const filed = await call<{ id: number }>('POST', '/api/local/change-requests', {
    zoneId: Z.id, title: TITLE, reason: 'New shop front',
    items: [
      { action: 'update', recordId: one.id, body: { content: '192.0.2.9', ttl: 3600 } },
      { action: 'update', recordId: two.id, body: { comment: 'shop' } },
    ],
  })
  await server.signInAs('erin', 'editor', [Z.name])
  request = await call<{ id: number; appliedEntryId: number; status: string }>('POST', `/api/local/change-requests/${filed.id}/approve`)
  expect(request.appliedEntryId).toBeGreaterThan(0)
})

/** What every view of the entry says about the request: its title as text, a link to it, both people. */
function expectRequestNamed(within_: HTMLElement) {
  const link = within(within_).getByRole('link', { name: `#${request.id} ${TITLE}` })
  expect(link.getAttribute('href')).toBe(`/change-requests/${request.id}`)
  expect(within_.textContent).toContain(`proposed by Ed (ed) and approved by Erin (erin)`)
  expect(within_.querySelector('img, b')).toBeNull()
}

describe('a change applied through a request', () => {
  it("reads in a record's History as a direct edit does, with the request, both people and a link", async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z.id}/dns`)
    await user.click(await screen.findByRole('button', { name: 'History of A record applied-one.example.com' }))
    const history = await screen.findByRole('dialog', { name: 'History of A record applied-one.example.com' })
    const entry = await within(history).findByRole('article', { name: `Entry ${request.appliedEntryId}` })
    expectRequestNamed(entry)
    // Only this record's own change, field by field, in words.
    const part = within(entry).getByRole('region', { name: 'Changed A applied-one.example.com' })
    expect(within(part).getByRole('row', { name: 'Content 192.0.2.1 192.0.2.9' })).toBeTruthy()
    expect(within(part).getByRole('row', { name: 'TTL Auto 1 hour' })).toBeTruthy()
    expect(within(entry).queryByRole('region', { name: /applied-two/ })).toBeNull()
    expect(entry.textContent).not.toMatch(/\[0\]|records\[|meta\./)
  })

  it('shows each record of the batch with its own changes in the audit log, and the request in its list', async () => {
    const user = userEvent.setup()
    renderApp('/audit')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    const details = await within(table).findByRole('button', { name: `Details of entry ${request.appliedEntryId}` })
    const row = details.closest('tr')!
    expect(row.textContent).toContain(`From change request #${request.id} ${TITLE}: proposed by Ed, approved by Erin`)
    await user.click(details)
    const dialog = await screen.findByRole('dialog', { name: `Entry ${request.appliedEntryId}` })
    expectRequestNamed(dialog)
    const first = within(dialog).getByRole('region', { name: 'Changed A applied-one.example.com' })
    expect(within(first).getByRole('row', { name: 'Content 192.0.2.1 192.0.2.9' })).toBeTruthy()
    expect(within(first).getByRole('row', { name: 'TTL Auto 1 hour' })).toBeTruthy()
    const second = within(dialog).getByRole('region', { name: 'Changed A applied-two.example.com' })
    await waitFor(() => expect(within(second).getByRole('row', { name: /^Comment .*shop$/ })).toBeTruthy())
    expect(within(second).queryByRole('row', { name: /^Content/ })).toBeNull()
    expect(dialog.textContent).not.toMatch(/\[0\]|records\[|meta\./)
  })
})
