import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** The connection review (verdict) dialog as a reviewer uses it, answered by the real server app (sandbox, ledger) in this process. */
const server = screenServer()
const Z = SEED_ZONES.demo.id
let connection: { id: string; url: string }

beforeAll(async () => {
  await server.signInAs('rita', 'reviewer', ['example.com'])
  const res = await fetch(`/api/v4/zones/${Z}/page_shield/connections?per_page=1`)
  connection = ((await res.json()) as { result: { id: string; url: string }[] }).result[0]
})

describe('the connection review dialog', () => {
  it("offers the verdicts in a connection's words, asks for a note, then records the verdict as the signed-in reviewer", async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/page-shield/connections/${connection.id}`)
    expect(await screen.findByText('Nobody has reviewed this connection yet.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Malicious: remove' }))
    const dialog = await screen.findByRole('dialog', { name: 'Review this connection' })
    expect(within(dialog).getByText(connection.url)).toBeTruthy()
    expect((within(dialog).getByRole('radio', { name: /^Malicious: remove\. Our pages must not reach this host/ }) as HTMLInputElement).checked).toBe(true)
    expect(within(dialog).getByText('Why data may go there, or what should be checked. Kept as evidence.')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Save review' }))
    const note = within(dialog).getByRole('textbox', { name: /^Note/ })
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'))
    expect(server.sent.filter((r) => r.method === 'POST')).toEqual([])

    await user.click(within(dialog).getByRole('radio', { name: /^Expected: we know this host/ }))
    await user.type(note, 'Payment provider API, contract on file.')
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Verdict recorded')).toBeTruthy()
    const history = await screen.findByRole('list', { name: 'Review history, newest first' })
    const entry = await within(history).findByText(/Payment provider API, contract on file\./)
    const item = entry.closest('li')!
    expect(item.textContent).toMatch(/^Expected — Rita \(rita\), /)
    expect(item.textContent).toMatch(/Threat feeds then: domain (not )?reported/)
    expect(screen.queryByText('Nobody has reviewed this connection yet.')).toBeNull()

    const ledger = (await (await fetch(`/api/local/zones/${Z}/page-shield/connection-reviews?connection_id=${connection.id}`)).json()) as {
      result: { verdict: string; note: string; reviewer: string }[]
    }
    expect(ledger.result[0]).toMatchObject({ verdict: 'expected', note: 'Payment provider API, contract on file.', reviewer: 'Rita (rita)' })
  })
})
