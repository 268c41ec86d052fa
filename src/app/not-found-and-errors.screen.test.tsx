import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * What the shell shows for an address that leads nowhere and for an API that refuses or cannot be
 * reached, answered by the real server app (sandbox) in this process. (Keyboard focus, the theme and
 * the zone switcher by keyboard are in e2e/shell.spec.ts: they need a real browser.)
 */
screenServer()

const switcher = () => screen.getByRole('combobox', { name: 'Switch zone' })

describe('an address that leads nowhere', () => {
  for (const path of ['/no-such-page', '/zones/not-a-zone-id', `/zones/${SEED_ZONES.demo.id}/no-such-area`]) {
    it(`${path}: a not-found page with the way back to the zones, and a switcher that does not wait for a zone`, async () => {
      const user = userEvent.setup()
      renderApp(path)
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
      // A malformed zone id is no zone: the switcher does not wait for it to load (a real one loads).
      await waitFor(() => expect(switcher().getAttribute('placeholder') ?? '').not.toMatch(/Loading zone/))
      await user.click(screen.getByRole('link', { name: 'Go to your zones' }))
      await waitFor(() => expect(window.location.pathname).toBe('/zones'))
    })
  }
})

describe('API errors', () => {
  it('a zone the API does not know: its code and message in plain words, a Retry, and the switcher says "not found"', async () => {
    renderApp(`/zones/${'0'.repeat(32)}`)
    const alert = await screen.findByRole('alert')
    await within(alert).findByText('Error 1001')
    expect(alert.textContent).toContain('was not found')
    expect(alert.textContent).toContain('does not exist')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy()
    await waitFor(() => expect(switcher().getAttribute('placeholder')).toBe('Zone: not found'))
  })

  it('the API cannot be reached: the list says so with its code, and Retry recovers once it answers again', async () => {
    const user = userEvent.setup()
    const real = globalThis.fetch
    let unreachable = true
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (unreachable && /\/api\/v4\/zones\?/.test(url)) {
        const body = { success: false, result: null, messages: [], errors: [{ code: 10502, message: 'Could not reach the API (ECONNREFUSED).' }] }
        return new Response(JSON.stringify(body), { status: 502, headers: { 'content-type': 'application/json' } })
      }
      return real(input, init)
    }) as typeof fetch
    try {
      renderApp('/zones')
      const alert = await screen.findByRole('alert', {}, { timeout: 30_000 })
      await waitFor(() => expect(alert.textContent).toContain('Error 10502'))
      expect(alert.textContent).toContain('Could not reach the API (ECONNREFUSED).')
      expect(alert.textContent).toContain('could not reach the API')
      unreachable = false
      await user.click(within(alert).getByRole('button', { name: 'Retry' }))
      expect(await screen.findByRole('link', { name: 'example.com' })).toBeTruthy()
    } finally {
      globalThis.fetch = real
    }
  })
})
