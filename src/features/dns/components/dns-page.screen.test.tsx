import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/**
 * The DNS page's table (its view in the URL) and its bulk dialogs, as a person uses them, answered
 * by the real server app (sandbox) in this process.
 */
const server = screenServer()
const Z = SEED_ZONES.demo.id

type Rec = { id: string; name: string; type: string; proxied: boolean; ttl: number; settings: Record<string, unknown> }
async function api<T = Rec>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/v4${path}`, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { success: boolean; result: T }
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json.result
}
const recordsNamed = (part: string) => api<Rec[]>('GET', `/zones/${Z}/dns_records?name.contains=${part}&per_page=100`)
const rowNames = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).queryAllByRole('cell')[2]?.textContent ?? '')

describe('the DNS table', () => {
  it('keeps its filters, sorting and page size and page in the URL', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/dns`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    await user.type(screen.getByRole('searchbox', { name: 'Name contains' }), 'mail{Enter}')
    await waitFor(() => expect(currentSearch().get('name.contains')).toBe('mail'))
    await waitFor(() => expect(rowNames(table).length).toBeGreaterThan(0))
    await waitFor(() => expect(rowNames(table).every((n) => n.includes('mail'))).toBe(true))

    await user.click(within(table).getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(currentSearch().get('order')).toBe('name'))
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending'))
    const sorted = rowNames(table)
    expect(sorted).toEqual([...sorted].sort())

    await user.click(screen.getByRole('button', { name: /^Clear filters/ }))
    await waitFor(() => expect(currentSearch().get('name.contains')).toBeNull())
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25')
    await waitFor(() => expect(currentSearch().get('per_page')).toBe('25'))
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    await waitFor(() => expect(currentSearch().get('page')).toBe('2'))
    expect(await screen.findByText(/^Page 2 of/)).toBeTruthy()
    const secondPage = server.sent.filter((r) => r.url.includes('/dns_records?')).at(-1)!.url
    expect(new URL(secondPage, 'http://x').searchParams.get('page')).toBe('2')
  })

  it('opens at the page, sort and filter its URL names (a bookmark or a shared link)', async () => {
    renderApp(`/zones/${Z}/dns?type=MX&order=name&direction=desc&per_page=25`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    await waitFor(() => expect(rowNames(table).length).toBeGreaterThan(1))
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('MX')
    expect(within(table).getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending')
    const names = rowNames(table)
    expect(names).toEqual([...names].sort().reverse())
    const list = server.sent.find((r) => r.url.includes('/dns_records?') && r.url.includes('type=MX'))!
    expect(Object.fromEntries(new URL(list.url, 'http://x').searchParams)).toMatchObject({ type: 'MX', order: 'name', direction: 'desc', per_page: '25' })
  })
})

describe('the bulk dialogs', () => {
  it('deletes the ticked records after asking, then brings them back with Undo', async () => {
    const user = userEvent.setup()
    for (const i of [1, 2, 3]) await api('POST', `/zones/${Z}/dns_records`, { type: 'A', name: `bulk-gone-${i}`, content: `192.0.2.${60 + i}`, ttl: 300 })
    renderApp(`/zones/${Z}/dns?name.contains=bulk-gone`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    await waitFor(() => expect(rowNames(table)).toHaveLength(3))
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }))
    await user.click(await screen.findByRole('button', { name: 'Delete selected (3)' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete 3 records?' })
    expect(within(confirm).getByText(/A bulk-gone-1\.example\.com, A bulk-gone-2\.example\.com, A bulk-gone-3\.example\.com/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Delete 3 records' }))
    const progress = await screen.findByRole('dialog', { name: 'Deleted 3 records' })
    expect(await recordsNamed('bulk-gone')).toEqual([])
    await user.click(within(progress).getByRole('button', { name: 'Undo the delete' }))
    expect(await within(progress).findByText(/Undone: the 3 deleted records are back/)).toBeTruthy()
    expect((await recordsNamed('bulk-gone')).map((r) => r.name).sort()).toEqual(['bulk-gone-1.example.com', 'bulk-gone-2.example.com', 'bulk-gone-3.example.com'])
  })

  it('changes the proxy status of what can be proxied, says what cannot, and turns a proxied CNAME\'s flattening off', async () => {
    const user = userEvent.setup()
    await api('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'bulk-px-a', content: '192.0.2.70', ttl: 600 })
    await api('POST', `/zones/${Z}/dns_records`, { type: 'CNAME', name: 'bulk-px-flat', content: 'shop.example.net', ttl: 600, settings: { flatten_cname: true } })
    await api('POST', `/zones/${Z}/dns_records`, { type: 'TXT', name: 'bulk-px-txt', content: '"hello"', ttl: 600 })
    renderApp(`/zones/${Z}/dns?name.contains=bulk-px`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    await waitFor(() => expect(rowNames(table)).toHaveLength(3))
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }))
    await user.click(await screen.findByRole('button', { name: 'Change proxy status (3)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the proxy status of 3 records' })
    const plan = within(dialog).getByRole('list', { name: 'What will happen' })
    expect(plan.textContent).toMatch(/2 records will change to Proxied/)
    expect(plan.textContent).toMatch(/1 record cannot be proxied/)
    await user.click(within(dialog).getByRole('button', { name: 'Set 2 records to Proxied' }))
    const progress = await screen.findByRole('dialog', { name: 'Changed proxy status of 2 records' })
    expect(progress).toBeTruthy()
    const after = Object.fromEntries((await recordsNamed('bulk-px')).map((r) => [r.name.split('.')[0], r]))
    expect(after['bulk-px-a']).toMatchObject({ proxied: true, ttl: 1 })
    expect(after['bulk-px-flat']).toMatchObject({ proxied: true, ttl: 1, settings: { flatten_cname: false } })
    expect(after['bulk-px-txt']).toMatchObject({ proxied: false, ttl: 600 })
  })
})

describe('what the page says about the zone', () => {
  it('a zone without an address record gets a banner whose button opens the form at the apex; the banner goes once one is added', async () => {
    const user = userEvent.setup()
    const moved = SEED_ZONES.moved.id
    for (const r of await api<Rec[]>('GET', `/zones/${moved}/dns_records?type=A&per_page=100`)) await api('DELETE', `/zones/${moved}/dns_records/${r.id}`)
    expect(await api<Rec[]>('GET', `/zones/${moved}/dns_records?type=AAAA&per_page=100`)).toEqual([])
    renderApp(`/zones/${moved}/dns`)
    const banner = await screen.findByRole('region', { name: 'old-brand.net has no A or AAAA record' })
    await user.click(within(banner).getByRole('button', { name: 'Add an A record' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a DNS record' })
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('@')
    await user.type(within(dialog).getByRole('textbox', { name: /^IPv4 address/ }), '192.0.2.200')
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'old-brand.net has no A or AAAA record' })).toBeNull())
    expect((await api<Rec[]>('GET', `/zones/${moved}/dns_records?type=A`)).map((r) => r.name)).toEqual(['old-brand.net'])
  })

  it('shows the SOA record read-only (its parts explained, no Edit, Delete or selection) and marks records the service added', async () => {
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/dns`)
    const table = await screen.findByRole('table', { name: /DNS records of example\.com/ })
    const soa = (await screen.findByText('Start of authority (SOA)', { exact: false })).closest('details')!
    expect(within(soa).getByText('Primary name server')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'SOA')
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1))
    await waitFor(() => expect(within(table).getAllByRole('row')[1].textContent).toContain('Read-only'))
    const row = within(table).getAllByRole('row')[1]
    expect(within(row).queryAllByRole('button', { name: /^(Edit|Delete)/ })).toEqual([])
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'HTTPS')
    expect((await within(table).findAllByText('Added automatically')).length).toBeGreaterThan(0)
  })
})
