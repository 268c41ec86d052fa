import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The custom-field lists refuse a name at the field, with the reason, before anything is saved: one
 * screen, so in-process against the real server app (the browser spec keeps the save-and-create workflow).
 */
// With the scale-test zones: shop-scale.io is the zone under test.
const server = screenServer({ scale: true })
// shop-scale.io already logs 4 custom fields (x-request-id, x-cart-version, x-cache-tier, cartId).
const SHOP = SEED_ZONES.scripts

/** The text an element's aria-describedby points at, as a screen reader reads it after the name. */
function description(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

const box = (list: string) => screen.getByRole('textbox', { name: list }) as HTMLInputElement
const chips = (list: string) => screen.getByRole('list', { name: `${list}: added` })

describe('the custom-field lists refuse a name at the field', () => {
  it('refuses Range with the reason, duplicates, and the 41st field', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${SHOP.id}/logs`)
    expect(await screen.findByText('4 of 40 · 36 left')).toBeTruthy()
    /** Types into one of the three lists (pasted: 36 names at once) and presses Enter, as a person does. */
    const addTo = async (list: string, text: string) => {
      await user.clear(box(list))
      await user.click(box(list))
      await user.paste(text)
      await user.keyboard('{Enter}')
    }

    const requestBox = box('Request headers')
    await addTo('Request headers', 'Range')
    await waitFor(() =>
      expect(description(requestBox)).toMatch(/range: The Range request header cannot be logged: the service does not support it as a custom field\./),
    )
    expect(requestBox.getAttribute('aria-invalid')).toBe('true')
    expect(within(chips('Request headers')).queryByText('range')).toBeNull()

    await addTo('Request headers', 'x-request-id')
    await waitFor(() => expect(description(requestBox)).toMatch(/The request header "x-request-id" is already listed/))

    const many = Array.from({ length: 36 }, (_, i) => `x-extra-${i + 1}`).join(', ')
    await addTo('Request headers', many)
    expect(await screen.findByText('40 of 40 · none left')).toBeTruthy()
    await addTo('Cookies', 'oneTooMany')
    await waitFor(() => expect(description(box('Cookies'))).toMatch(/A zone can log at most 40 custom fields in total .* "oneTooMany" would be field 41/))
    expect(within(chips('Cookies')).queryByText('oneTooMany')).toBeNull()
    // A request header as the 41st: the message names it, not the cookie that comes last in list order.
    await addTo('Request headers', 'x-test-41')
    await waitFor(() => expect(description(requestBox)).toMatch(/"x-test-41" would be field 41/))
    expect(description(requestBox)).not.toMatch(/cartId/)
    // Nothing was saved: refusals are said at the field.
    expect(server.sent.filter((r) => r.method !== 'GET')).toEqual([])
  })
})
