import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The Attention page against the real server and the seeded sandbox: grouped sections with their
 * counts and what each covered, a line that opens where it is fixed, and a section's empty state.
 */
const server = screenServer()

beforeAll(async () => {
  await server.signInAs('ada', 'admin')
})

describe('the Attention page', () => {
  it('is reached from the zones list', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/')
    await user.click(await screen.findByRole('link', { name: 'What needs attention across your zones' }))
    expect(router.state.location.pathname).toBe('/attention')
    expect(await screen.findByRole('heading', { name: 'Needs attention', level: 1 })).toBeTruthy()
  })

  it('shows each section with its count, what it covered and links to where each thing is fixed', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/attention')
    expect(await screen.findByRole('heading', { name: 'Needs attention', level: 1 })).toBeTruthy()
    const certs = await screen.findByRole('region', { name: /^Certificates expiring or failing \(\d+\)$/ })
    expect(within(certs).getByText(/^Certificates checked in (\d+) of \1 zones\.$/)).toBeTruthy()
    const pools = screen.getByRole('region', { name: /^Pools with the legacy notification e-mail \(\d+\)$/ })
    expect(within(pools).getAllByRole('listitem').length).toBeGreaterThan(0)
    // Nothing waits in the change requests: the section says so rather than vanishing.
    const crs = screen.getByRole('region', { name: 'Change requests (0)' })
    expect(within(crs).getByText('No change request waits for you.')).toBeTruthy()
    // Scripts were read only where indexed: the section says it is partial.
    const scripts = screen.getByRole('region', { name: /^Scripts malicious or changed since review/ })
    expect(within(scripts).getByText(/^Partial: /)).toBeTruthy()

    const link = within(certs).getByRole('link', { name: 'legacy.example.com in example.com' })
    await user.click(link)
    expect(router.state.location.pathname).toMatch(/^\/zones\/[0-9a-f]{32}\/certificates\/[0-9a-f-]{36}$/)
  })
})
