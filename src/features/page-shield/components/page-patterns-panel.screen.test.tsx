import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** Payment pages and pattern verdicts on the scripts page, as a reviewer and a viewer use them, answered by the real server app. */
const server = screenServer()
const Z = SEED_ZONES.demo.id
let script: { id: string; url: string; host: string; first_page_url: string }

beforeAll(async () => {
  await server.signInAs('rita', 'reviewer', ['example.com'])
  const res = await fetch(`/api/v4/zones/${Z}/page_shield/scripts?per_page=1`)
  script = ((await res.json()) as { result: (typeof script)[] }).result[0]
})

const posts = () => server.sent.filter((r) => r.method === 'POST' && r.url.includes('/reviews/'))

describe('payment pages and pattern verdicts', () => {
  it('a reviewer marks a payment page and authorises by pattern; bad patterns are refused at the field', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/page-shield/scripts`)
    await user.click(await screen.findByRole('button', { name: 'Payment pages and pattern verdicts' }))
    const panel = await screen.findByRole('region', { name: 'Payment pages and pattern verdicts' })
    expect(within(panel).getByText(/authorises every script from one place at once/)).toBeTruthy()

    // A payment page: "*" covers every page, refused before anything is sent.
    const pageForm = within(panel).getByRole('form', { name: 'Add a payment page' })
    const pageField = within(pageForm).getByRole('textbox', { name: /^Payment page pattern/ })
    await user.type(pageField, '*')
    await user.click(within(pageForm).getByRole('button', { name: 'Add payment page' }))
    expect(await within(pageForm).findByText(/would cover every page/)).toBeTruthy()
    expect(pageField.getAttribute('aria-invalid')).toBe('true')
    const host = script.first_page_url.replace(/^https?:\/\//, '').split('/')[0]
    await user.clear(pageField)
    await user.type(pageField, `${host}/*`)
    await user.click(within(pageForm).getByRole('button', { name: 'Add payment page' }))
    const pages = await within(panel).findByRole('list', { name: 'Payment pages' })
    expect(within(pages).getByText(`${host}/*`)).toBeTruthy()
    expect(within(pages).getByText(/added by Rita \(rita\)/)).toBeTruthy()
    // The same pattern again: the server refuses it, at the field.
    await user.type(pageField, `${host.toUpperCase()}/*`)
    await user.click(within(pageForm).getByRole('button', { name: 'Add payment page' }))
    expect((await within(pageForm).findAllByText(`${host}/* is already a payment page pattern.`, { exact: false })).length).toBeGreaterThan(0)
    await waitFor(() => expect(pageField.getAttribute('aria-invalid')).toBe('true'))
    expect(within(pages).getAllByText(`${host}/*`)).toHaveLength(1)

    // A pattern verdict: too broad, then no justification, both at their fields; then recorded.
    const form = within(panel).getByRole('form', { name: 'Authorise scripts by pattern' })
    const pattern = within(form).getByRole('textbox', { name: /^Host or URL pattern/ })
    await user.type(pattern, 'https://*')
    await user.click(within(form).getByRole('button', { name: 'Authorise by pattern' }))
    expect(await within(form).findByText(/would cover every script/)).toBeTruthy()
    const justification = within(form).getByRole('textbox', { name: /^Justification/ })
    await waitFor(() => expect(justification.getAttribute('aria-invalid')).toBe('true'))
    expect(posts().filter((r) => r.url.endsWith('/patterns'))).toEqual([])
    await user.clear(pattern)
    await user.type(pattern, `https://${script.host}/*`)
    await user.type(justification, 'Our own CDN, built and signed by us.')
    await user.click(within(form).getByRole('button', { name: 'Authorise by pattern' }))
    const verdicts = await within(panel).findByRole('list', { name: 'Pattern verdicts' })
    expect(within(verdicts).getByText(`https://${script.host}/*`)).toBeTruthy()
    expect(within(verdicts).getByText('In force')).toBeTruthy()
    expect(await within(verdicts).findByText(/scripts? holds? this verdict now/)).toBeTruthy()

    // The list shows every inherited verdict with its pattern and who set it; the counts say how many are by pattern.
    await user.click(screen.getByRole('button', { name: 'Payment pages only' }))
    expect(await screen.findByText(/Scripts on payment pages: [\d,]+ of [\d,]+/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /Payment pages only$/, pressed: true }))
    expect((await screen.findAllByText(`https://${script.host}/*`, { exact: false })).length).toBeGreaterThan(1)
    expect(screen.getAllByText(/, set by Rita \(rita\)/).length).toBeGreaterThan(0)

    // Removing: the payment page leaves the list; the pattern verdict stays, as the record, marked removed.
    // Each is asked first, naming what follows; Cancel keeps it.
    await user.click(within(panel).getByRole('button', { name: `Remove payment page ${host}/*` }))
    let confirm = await screen.findByRole('dialog', { name: `Remove payment page ${host}/*` })
    expect(within(confirm).getByText(/leave the payment-page scope/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(within(panel).getByRole('button', { name: `Remove payment page ${host}/*` })).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: `Remove payment page ${host}/*` }))
    await user.click(within(await screen.findByRole('dialog', { name: `Remove payment page ${host}/*` })).getByRole('button', { name: 'Remove' }))
    expect(await within(panel).findByText('No payment page is marked for this zone yet.')).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: `Remove pattern verdict https://${script.host}/*` }))
    confirm = await screen.findByRole('dialog', { name: `Remove pattern verdict https://${script.host}/*` })
    expect(within(confirm).getByText(/need review again/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await within(verdicts).findByText('Removed')).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: `Remove pattern verdict https://${script.host}/*` })).toBeNull()
  })

  it('a viewer sees them and the reason, but no form or remove button', async () => {
    await server.signInAs('vic', 'viewer', ['example.com'])
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/page-shield/scripts`)
    await user.click(await screen.findByRole('button', { name: 'Payment pages and pattern verdicts' }))
    const panel = await screen.findByRole('region', { name: 'Payment pages and pattern verdicts' })
    expect(await within(panel).findByRole('list', { name: 'Pattern verdicts' })).toBeTruthy()
    expect(within(panel).queryByRole('form')).toBeNull()
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(within(panel).getByText(/You have the viewer role/i)).toBeTruthy()
  })
})
