import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The record form's own rules, each said at the field before anything is saved: host names that are
 * IP addresses, what a Free plan allows, certificates a proxied name needs, names in Unicode. One
 * screen each, so in-process (the browser specs keep focus, Escape, phones and downloads).
 */
const server = screenServer()
const DEMO = SEED_ZONES.demo
const FREE = SEED_ZONES.pending // newshop.dev, on the Free plan

const apiRead = async (path: string) => (await (await fetch(`/api/v4${path}`)).json()) as { success: boolean; result: Record<string, unknown>[] }
const writes = () => server.sent.filter((r) => r.method !== 'GET')

/** The text an element's aria-describedby points at, as a screen reader reads it after the name. */
function description(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

async function openAddDialog(zoneId: string) {
  renderApp(`/zones/${zoneId}/dns`)
  await userEvent.click(await screen.findByRole('button', { name: 'Add record' }))
  return screen.findByRole('dialog', { name: 'Add a DNS record' })
}

describe('the record form says its rules at the field', () => {
  it('refuses an MX record pointing at an IP address at its field and in the preview, keeps the value, and sends nothing', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'MX')
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ipmail')
    const mail = within(dialog).getByRole('textbox', { name: /^Mail server/ }) as HTMLInputElement
    await user.type(mail, '203.0.113.25')
    await user.type(within(dialog).getByLabelText(/^Priority/), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(mail.getAttribute('aria-invalid')).toBe('true'))
    // At the field and again in the preview, which names the rule the value breaks.
    expect(within(dialog).getAllByText(/must be a host name, not an IP address/)).toHaveLength(2)
    expect(description(mail)).toMatch(/must be a host name, not an IP address/)
    expect(mail.value).toBe('203.0.113.25')
    expect(writes()).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Add a DNS record' })).toBeTruthy()
  })

  it("says a Free zone takes no tags and saves a comment of exactly 100 characters", async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(FREE.id)
    expect(within(dialog).getByText('Tags are only available on paid plans; this zone is on the Free plan. Use the comment instead.')).toBeTruthy()
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'plan-limit')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.80')
    const comment = within(dialog).getByRole('textbox', { name: /^Comment/ }) as HTMLInputElement
    await user.click(comment)
    await user.paste('x'.repeat(101))
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(comment.getAttribute('aria-invalid')).toBe('true'))
    expect(comment.value).toHaveLength(101)
    await user.type(comment, '{Backspace}')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const stored = await apiRead(`/zones/${FREE.id}/dns_records?name=plan-limit.${FREE.name}`)
    expect(stored.result.map((r) => r.comment)).toEqual(['x'.repeat(100)])
  })

  it('says when a proxied name has no certificate, with the one-level wildcard rule, and only while proxied', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    const proxy = within(dialog).getByRole('switch', { name: /^Proxy status/ })
    await user.type(name, 'deep.sub')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.90')
    const warning = () => within(dialog).queryAllByText(/No certificate on this zone covers/)
    expect(warning()).toHaveLength(0) // DNS only: no certificate is involved
    await user.click(proxy)
    const shown = await within(dialog).findByText(/No certificate on this zone covers deep\.sub\.example\.com: visitors will see a certificate error\./)
    expect(shown.closest('[id]')?.textContent ?? shown.textContent).toContain(
      'A wildcard certificate covers one level only: *.sub.example.com would cover deep.sub.example.com; *.example.com does not.',
    )
    // The switch's description carries it for screen readers.
    expect(description(proxy)).toMatch(/No certificate on this zone covers deep\.sub\.example\.com/)

    const rename = async (value: string) => {
      await user.clear(name)
      await user.type(name, value)
    }
    await rename('shop2') // one level below the zone: *.example.com covers it
    await waitFor(() => expect(warning()).toHaveLength(0))
    await rename('api.eu') // under *.eu.example.com
    await waitFor(() => expect(warning()).toHaveLength(0))
    await rename('a.b.c')
    expect(await within(dialog).findByText(/No certificate on this zone covers a\.b\.c\.example\.com/)).toBeTruthy()
    await user.click(proxy) // DNS only again: the warning goes
    await waitFor(() => expect(warning()).toHaveLength(0))
  })

  it('takes a name in Unicode, previews both forms, stores punycode, and the list shows both', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    await user.type(name, 'café')
    await waitFor(() => expect(dialog.textContent).toContain('Full name: café.example.com (xn--caf-dma.example.com)'))
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.91')
    // The preview ("As it will be saved"): the name's two forms, then TTL, type and content.
    await waitFor(() => expect(dialog.textContent).toMatch(/As it will be saved.*café\.example\.com \(xn--caf-dma\.example\.com\)\s*Auto\s*A\s*192\.0\.2\.91/))
    expect(name.getAttribute('aria-invalid')).not.toBe('true')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Stored as the service stores it.
    const stored = await apiRead(`/zones/${DEMO.id}/dns_records?name=xn--caf-dma.example.com`)
    expect(stored.result.map((r) => [r.name, r.content])).toEqual([['xn--caf-dma.example.com', '192.0.2.91']])
    // The list shows the readable name and the stored one.
    const row = (await screen.findAllByText('192.0.2.91'))[0].closest('tr, li')! as HTMLElement
    // (The readable form appears once the name decoder, loaded on demand, is in.)
    await waitFor(() => expect(row.textContent).toContain('café.example.com'))
    expect(row.textContent).toContain('(xn--caf-dma.example.com)')
  })
  // Moved from e2e/dns.spec.ts (one dialog, its rules and preview: no browser needed).
  it('TXT: inconsistent quotes are explained, and the content is shown as it will be saved', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'TXT')
    expect(within(dialog).getByText('Only A, AAAA and CNAME records can be proxied', { exact: false })).toBeTruthy()
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '_e2e')
    expect(await within(dialog).findByText(/Names starting with an underscore are meant for service records/)).toBeTruthy()
    const text = within(dialog).getByRole('textbox', { name: /^Text/ })
    await user.type(text, '"v=spf1 -all')
    expect((await within(dialog).findAllByText(/A quotation mark is not closed/)).length).toBeGreaterThan(0)
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByRole('dialog', { name: 'Add a DNS record' })).toBeTruthy()
    expect(writes()).toEqual([])
    await user.clear(text)
    await user.type(text, '"one" two')
    expect((await within(dialog).findAllByText(/quotation marks are inconsistent/)).length).toBeGreaterThan(0)
    await user.clear(text)
    await user.type(text, 'hello world')
    const preview = within(dialog).getByRole('region', { name: 'As it will be saved' })
    await waitFor(() => expect(preview.textContent).toMatch(/_e2e\.example\.com\s*Auto\s*TXT\s*"hello world"/))
    expect(within(preview).getByText('Quotes were added around the text.')).toBeTruthy()
  })

  // Moved from e2e/dns-newcomer-rules.spec.ts.
  it('the preview shows the error of a filled name once the person left it', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    const preview = within(dialog).getByRole('region', { name: 'As it will be saved' })
    await user.type(name, '-web')
    await user.click(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }))
    await waitFor(() => expect(preview.textContent).toContain('Each part of the name must start with a letter or a digit, not a hyphen'))
    expect(preview.textContent).not.toContain('Fill in the fields above')
    // Typing on: the field and the preview follow as the person types.
    await user.clear(name)
    await user.type(name, 'web!')
    await waitFor(() => expect(preview.textContent).toContain('Remove "!"'))
    expect(name.getAttribute('aria-invalid')).toBe('true')
    await user.clear(name)
    await user.type(name, 'web')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).not.toBe('true'))
  })

  // Moved from e2e/dns-newcomer-rules.spec.ts.
  it('typographic quotes pasted from a mail are pointed out and fixed in one click', async () => {
    const user = userEvent.setup()
    let dialog = await openAddDialog(DEMO.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'TXT')
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '@')
    let text = within(dialog).getByRole('textbox', { name: /^Text/ }) as HTMLInputElement
    await user.click(text)
    await user.paste('“google-site-verification=abc123XYZ”')
    const preview = within(dialog).getByRole('region', { name: 'As it will be saved' })
    await waitFor(() => expect(dialog.textContent).toContain('These look like typographic quotes'))
    expect(preview.textContent).toContain('the typographic quotes you typed stay inside it')
    await user.click(within(dialog).getByRole('button', { name: 'Replace with plain quotes' }))
    await waitFor(() => expect(text.value).toBe('"google-site-verification=abc123XYZ"'))
    await waitFor(() => expect(dialog.textContent).not.toContain('These look like typographic quotes'))
    expect(preview.textContent).toMatch(/example\.com\s*Auto\s*TXT\s*"google-site-verification=abc123XYZ"/)
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const saved = await apiRead(`/zones/${DEMO.id}/dns_records?type=TXT&content=%22google-site-verification%3Dabc123XYZ%22`)
    expect(saved.result.map((r) => r.content)).toEqual(['"google-site-verification=abc123XYZ"'])

    // Single quotes around the text are offered the same fix; an apostrophe inside is not.
    await user.click(screen.getByRole('button', { name: 'Add record' }))
    dialog = await screen.findByRole('dialog', { name: 'Add a DNS record' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'TXT')
    text = within(dialog).getByRole('textbox', { name: /^Text/ }) as HTMLInputElement
    await user.type(text, "'v=spf1 -all'")
    await waitFor(() => expect(dialog.textContent).toContain('These look like typographic quotes'))
    await user.click(within(dialog).getByRole('button', { name: 'Replace with plain quotes' }))
    await waitFor(() => expect(text.value).toBe('"v=spf1 -all"'))
    await user.clear(text)
    await user.type(text, "it's fine")
    await waitFor(() => expect(text.value).toBe("it's fine"))
    expect(dialog.textContent).not.toContain('These look like typographic quotes')
  })
})
