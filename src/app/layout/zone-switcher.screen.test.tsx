import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** The top bar's zone switcher, driven by keyboard, answered by the real server app in this process. */
// With the scale-test zones: a search for "s" lists shop-scale.io.
const server = screenServer({ scale: true })
beforeAll(() => server.signInAs('sol', 'admin'))

describe('the zone switcher', () => {
  it('finds a zone by part of its name and switches to it with arrows and Enter, staying on the same page', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${SEED_ZONES.demo.id}/dns`)
    const box = await screen.findByRole('combobox', { name: 'Switch zone' })
    await user.click(box)
    await user.type(box, 'shop')
    // Wait for the answer to the whole text (the list also shows answers to what was typed on the way).
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent)
          .sort(),
      ).toEqual([SEED_ZONES.pending.name, SEED_ZONES.scripts.name]),
    )
    // The first match is highlighted; ArrowDown moves the highlight to the second, Enter switches to it.
    const [first, second] = within(screen.getByRole('listbox')).getAllByRole('option')
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id)
    await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id)
    const target = Object.values(SEED_ZONES).find((z) => z.name === second.textContent)!
    await user.keyboard('{Enter}')
    await waitFor(() => expect(window.location.pathname).toBe(`/zones/${target.id}/dns`))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect((box as HTMLInputElement).value).toBe('')
  })

  it('Escape closes the list and forgets what was typed', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${SEED_ZONES.demo.id}/dns`)
    const box = await screen.findByRole('combobox', { name: 'Switch zone' })
    await user.click(box)
    await user.type(box, 'exa')
    await within(await screen.findByRole('listbox')).findByRole('option', { name: /^example\.com/ })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect((box as HTMLInputElement).value).toBe('')
    expect(window.location.pathname).toBe(`/zones/${SEED_ZONES.demo.id}/dns`)
  })
})
