import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** The script review (verdict) dialog as a reviewer uses it, answered by the real server app (sandbox, ledger) in this process. */
const server = screenServer()
const Z = SEED_ZONES.demo.id
let script: { id: string; url: string }

beforeAll(async () => {
  await server.signInAs('rita', 'reviewer', ['example.com'])
  const res = await fetch(`/api/v4/zones/${Z}/page_shield/scripts?per_page=1`)
  script = ((await res.json()) as { result: { id: string; url: string }[] }).result[0]
})

describe('the review dialog', () => {
  it('asks for a note before sending, then records the chosen verdict in the ledger as the signed-in reviewer', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/page-shield/scripts/${script.id}`)
    await user.click(await screen.findByRole('button', { name: 'Mark as expected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Review this script' })
    expect(within(dialog).getByText(script.url)).toBeTruthy()
    expect((within(dialog).getByRole('radio', { name: /^Expected:/ }) as HTMLInputElement).checked).toBe(true)

    await user.click(within(dialog).getByRole('button', { name: 'Save review' }))
    const note = within(dialog).getByRole('textbox', { name: /^Note/ })
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'))
    expect(server.sent.filter((r) => r.method === 'POST')).toEqual([])

    await user.click(within(dialog).getByRole('radio', { name: /^Investigate:/ }))
    await user.type(note, 'Not in our vendor list; ask the shop team.')
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Marked for investigation')).toBeTruthy()
    const history = await screen.findByRole('list', { name: 'Review history, newest first' })
    expect(await within(history).findByText(/Not in our vendor list; ask the shop team\./)).toBeTruthy()

    const ledger = (await (await fetch(`/api/local/zones/${Z}/page-shield/reviews?script_id=${script.id}`)).json()) as { result: { verdict: string; note: string; reviewer: string }[] }
    expect(ledger.result[0]).toMatchObject({ verdict: 'investigate', note: 'Not in our vendor list; ask the shop team.', reviewer: 'Rita (rita)' })
  })
})

describe('a malicious verdict', () => {
  it('says what to do next, keeps the verdict history newest first, and the ledger filters on it', async () => {
    const user = userEvent.setup()
    await server.signInAs('mona', 'reviewer')
    const res = await fetch(`/api/v4/zones/${Z}/page_shield/scripts?urls=pay-form`)
    const payForm = ((await res.json()) as { result: { id: string }[] }).result[0]
    const view = renderApp(`/zones/${Z}/page-shield/scripts/${payForm.id}`)
    for (const [button, note] of [
      ['Mark for investigation', 'Unknown payment form script'],
      ['Malicious: remove', 'Skimmer: posts card fields to a look-alike domain'],
    ]) {
      await user.click(await screen.findByRole('button', { name: button }))
      const dialog = await screen.findByRole('dialog', { name: 'Review this script' })
      await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), note)
      await user.click(within(dialog).getByRole('button', { name: 'Save review' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    }
    const next = await screen.findByRole('region', { name: 'Malicious: what to do next' })
    expect(next.textContent).toContain('Remove it')
    expect(within(next).getByRole('link', { name: 'create a policy' }).getAttribute('href')).toMatch(/page-shield\/policies\/new$/)
    const history = await screen.findByRole('list', { name: 'Review history, newest first' })
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2))
    const items = within(history).getAllByRole('listitem')
    expect(items[0].textContent).toContain('Malicious: remove — Mona (mona)')
    expect(items[1].textContent).toContain('Investigate — Mona (mona)')
    view.unmount()

    renderApp(`/zones/${Z}/page-shield/reviews?verdict=malicious`)
    const ledger = await screen.findByRole('table', { name: 'Latest review of each script' })
    expect(await within(ledger).findByText(/Skimmer: posts card fields/)).toBeTruthy()
    // Only malicious verdicts: the other script's "investigate" (the test above) is not listed.
    expect(within(ledger).queryByText(/Not in our vendor list/)).toBeNull()
  })
})
