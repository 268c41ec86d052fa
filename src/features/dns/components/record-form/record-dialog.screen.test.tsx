import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * The DNS record dialog as a person uses it: opened from the DNS page, filled in with the keyboard
 * and mouse, answered by the real server app (sandbox) in this process.
 */
const server = screenServer()
const DEMO = SEED_ZONES.demo
const FREE = SEED_ZONES.pending // newshop.dev, on the Free plan

/** The page's own fetch (bridged to the server): a record made the way an API client makes it. */
async function apiWrite(method: string, path: string, body: unknown) {
  const res = await fetch(`/api/v4${path}`, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify(body) })
  const json = (await res.json()) as { success: boolean; result: Record<string, unknown> & { id: string } }
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json.result
}
const apiRead = async (path: string) => ((await (await fetch(`/api/v4${path}`)).json()) as { result: Record<string, unknown> }).result

async function openAddDialog(zoneId: string) {
  renderApp(`/zones/${zoneId}/dns`)
  await userEvent.click(await screen.findByRole('button', { name: 'Add record' }))
  return screen.findByRole('dialog', { name: 'Add a DNS record' })
}

describe('the DNS record dialog', () => {
  it('adds a record a person typed, and the table shows it', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'screen-web')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.77')
    expect(within(dialog).getByText('screen-web.example.com')).toBeTruthy() // "Full name" while typing
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('A screen-web.example.com → 192.0.2.77')).toBeTruthy() // the toast
    const post = server.sent.find((r) => r.method === 'POST')!
    expect(JSON.parse(post.body)).toMatchObject({ type: 'A', name: 'screen-web', content: '192.0.2.77', proxied: false })
  })

  it("checks the zone's plan before sending: a Free zone's comment over 100 characters never reaches the server", async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(FREE.id)
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'plan-check')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.78')
    await user.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'x'.repeat(101))
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    const comment = within(dialog).getByRole('textbox', { name: /^Comment/ })
    await waitFor(() => expect(comment.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(/plan allows comments of at most 100 characters; this one has 101/)).toBeTruthy()
    expect(server.sent.filter((r) => r.method !== 'GET')).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Add a DNS record' })).toBeTruthy()
  })

  it('proxies a flattened CNAME: its own "flatten CNAME" switch goes off, as the API requires', async () => {
    const user = userEvent.setup()
    const made = await apiWrite('POST', `/zones/${DEMO.id}/dns_records`, { type: 'CNAME', name: 'flat-shop', content: 'shops.example.net', ttl: 3600, proxied: false, settings: { flatten_cname: true } })
    renderApp(`/zones/${DEMO.id}/dns?name.contains=flat-shop`)
    await user.click(await screen.findByRole('button', { name: 'Edit CNAME record flat-shop.example.com' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the CNAME record flat-shop.example.com' })
    await user.click(within(dialog).getByRole('switch', { name: /^Proxy status/ }))
    expect(within(dialog).getByRole('combobox', { name: /^TTL/ })).toHaveProperty('disabled', true) // proxied: TTL Auto
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await apiRead(`/zones/${DEMO.id}/dns_records/${made.id}`)).toMatchObject({ proxied: true, ttl: 1, settings: { flatten_cname: false } })
  })

  it('puts a refusal from the server on the field it is about, and keeps what was typed', async () => {
    const user = userEvent.setup()
    await apiWrite('POST', `/zones/${DEMO.id}/dns_records`, { type: 'A', name: 'taken-name', content: '192.0.2.79', ttl: 300 })
    const dialog = await openAddDialog(DEMO.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'CNAME')
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'taken-name')
    await user.type(within(dialog).getByRole('textbox', { name: /^Target/ }), 'elsewhere.example.net')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(/taken-name\.example\.com already has an A record/)).toBeTruthy()
    // …and offers to edit the record already there.
    expect(await within(dialog).findByRole('button', { name: 'Edit the existing taken-name record' })).toBeTruthy()
    expect((within(dialog).getByRole('textbox', { name: /^Target/ }) as HTMLInputElement).value).toBe('elsewhere.example.net')
  })

  it("puts the API's refusal (an A record beside a CNAME, 81054) on the Name field with its code, and keeps every field as typed", async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id)
    // www.example.com is a CNAME in the demo zone.
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'www')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.80')
    await user.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'typed by a person')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    expect(await within(dialog).findByText(/A CNAME record with that host already exists.*\(code 81054\)/)).toBeTruthy()
    // …and shows the records already at that name (what a newcomer reads to see why).
    expect(await within(dialog).findByRole('note', { name: 'Records already there' })).toBeTruthy()
    const name = within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(name.value).toBe('www')
    expect((within(dialog).getByRole('textbox', { name: /^IPv4 address/ }) as HTMLInputElement).value).toBe('192.0.2.80')
    expect((within(dialog).getByRole('textbox', { name: /^Comment/ }) as HTMLInputElement).value).toBe('typed by a person')
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/dns_records'))).toHaveLength(1)
  })

  it('warns at the text that a second SPF record breaks mail, and at the name that a CNAME must be alone', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(DEMO.id) // example.com already has an SPF record at @
    const description = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'TXT')
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '@')
    const text = within(dialog).getByRole('textbox', { name: /^Text/ })
    await user.type(text, 'v=spf1 include:spf.mailprovider.example ~all')
    await waitFor(() => expect(description(text)).toMatch(/example\.com already has an SPF record .*RFC 7208/))
    expect(description(text)).toContain('v=spf1 include:_spf.mail-provider.net')
    // Any other text at the name is fine.
    await user.clear(text)
    await user.type(text, 'google-site-verification=abc')
    await waitFor(() => expect(description(text)).not.toMatch(/SPF record/))

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'CNAME')
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    await user.clear(name)
    await user.type(name, '@')
    await waitFor(() => expect(description(name)).toMatch(/A CNAME at example\.com, a name that also holds .*TXT example\.com/))
    expect(server.sent.filter((r) => r.method !== 'GET')).toEqual([])
  })
})
