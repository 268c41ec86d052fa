import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'
import { addPerson, fromAddress, sessionCookie } from '@/testing/server/auth'

/**
 * The audit log and its undo panel as people use them, answered by the real server app (sandbox,
 * sign-in, audit store) in this process.
 */
const server = screenServer()
const DEMO = SEED_ZONES.demo
const OTHER = SEED_ZONES.pending

type Rec = { id: string; content: string }
async function api(method: string, path: string, body?: unknown): Promise<{ result: Rec; entry: number }> {
  const res = await fetch(`/api/v4${path}`, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { success: boolean; result: Rec }
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return { result: json.result, entry: Number(res.headers.get('x-zonekeeper-audit-id')) }
}
const zoneCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]?.textContent ?? '')

let changed: { id: string; entry: number }
beforeAll(async () => {
  await server.signInAs('boss', 'admin')
  const made = await api('POST', `/zones/${DEMO.id}/dns_records`, { type: 'A', name: 'audited', content: '192.0.2.90', ttl: 300 })
  const patch = await api('PATCH', `/zones/${DEMO.id}/dns_records/${made.result.id}`, { content: '192.0.2.91' })
  changed = { id: made.result.id, entry: patch.entry }
  await api('POST', `/zones/${OTHER.id}/dns_records`, { type: 'A', name: 'elsewhere', content: '192.0.2.92', ttl: 300 })
})

describe('the undo panel', () => {
  it('undoes a change once: after it, the same entry says who undid it and offers nothing more', async () => {
    const user = userEvent.setup()
    renderApp('/audit')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    await user.click(await within(table).findByRole('button', { name: `Details of entry ${changed.entry}` }))
    let dialog = await screen.findByRole('dialog', { name: `Entry ${changed.entry}` })
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Undo this change' }))
    expect(await within(dialog).findByText(/^Undone\./)).toBeTruthy()
    const after = await api('GET', `/zones/${DEMO.id}/dns_records/${changed.id}`)
    expect(after.result.content).toBe('192.0.2.90')

    // Someone opens the same entry again (the list as it was): the server says it is done, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await user.click(await within(table).findByRole('button', { name: `Details of entry ${changed.entry}` }))
    dialog = await screen.findByRole('dialog', { name: `Entry ${changed.entry}` })
    const undo = within(dialog).queryByRole('button', { name: 'Undo' })
    if (undo) {
      await user.click(undo)
      expect(await within(dialog).findByText(/This cannot be undone: .*already undone by Boss \(boss\)/)).toBeTruthy()
      expect(within(dialog).queryByRole('button', { name: 'Undo this change' })).toBeNull()
    }
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/undo'))).toHaveLength(1)
    expect((await server.store.audit.list({}, 1, 100)).entries.filter((e) => e.undoOf === changed.entry)).toHaveLength(1)
  })
})

describe('the audit log', () => {
  it("shows an editor only their zones' entries", async () => {
    await server.signInAs('ed', 'editor', ['example.com'])
    renderApp('/audit')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    await waitFor(() => expect(zoneCells(table).length).toBeGreaterThan(0))
    const zones = new Set(zoneCells(table))
    expect(zones.has('example.com')).toBe(true)
    expect(zones.has('newshop.dev')).toBe(false)
    // Account rows are the editor's own (their sign-in), never another person's.
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const cells = within(row).getAllByRole('cell')
      if (cells[2].textContent === 'Account') expect(cells[1].textContent).toMatch(/Ed/)
    }
  })

  it('an editor who asks for another zone by its name in the URL gets nothing from it', async () => {
    await server.signInAs('ed2', 'editor', ['example.com'])
    renderApp('/audit?zone=newshop.dev')
    expect(await screen.findByText(/That zone is outside your zone scope/)).toBeTruthy()
    expect(screen.queryByText('elsewhere.newshop.dev')).toBeNull()
  })

  it('shows an administrator every zone', async () => {
    await server.signInAs('boss2', 'admin')
    renderApp('/audit')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    await waitFor(() => expect(zoneCells(table)).toEqual(expect.arrayContaining(['example.com', 'newshop.dev'])))
  })
})

describe('the account a change went through', () => {
  it('is shown by its name, and the log filters by it', async () => {
    const user = userEvent.setup()
    await server.store.audit.add({
      at: Date.now(), requestId: 'via-account', personId: null, username: 'local', personName: 'Via account', mode: 'sandbox', zoneId: DEMO.id, zoneName: DEMO.name,
      area: 'dns', resourceType: 'dns_record', resourceId: 'r1', action: 'update', method: 'PATCH', path: `/zones/${DEMO.id}/dns_records/r1`,
      outcome: 'success', status: 200, errors: [], before: null, after: null, undoOf: null, account: DEMO_ACCOUNT.id,
    })
    renderApp('/audit')
    const table = await screen.findByRole('table')
    const row = (await within(table).findByText('Via account')).closest('tr')!
    expect(within(row).getByText(DEMO_ACCOUNT.name)).toBeTruthy()
    // The others went through the default account.
    expect(within(table).getAllByText('Default account').length).toBeGreaterThan(0)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Account' }), DEMO_ACCOUNT.id)
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2))
    expect(within(screen.getByRole('table')).getByText('Via account')).toBeTruthy()
  })
})

describe('what the log names', () => {
  it('names a record as a person knows it (never by its id), and the API token a client wrote with by its prefix alone', async () => {
    await server.signInAs('nora', 'editor')
    const made = await api('POST', `/zones/${DEMO.id}/dns_records`, { type: 'A', name: 'names-one', content: '192.0.2.90', ttl: 300 })
    await api('PATCH', `/zones/${DEMO.id}/dns_records/${made.result.id}`, { content: '192.0.2.91' })
    const tokenRes = await fetch('/api/local/me/tokens', { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify({ name: 'names-ci' }) })
    const { token } = ((await tokenRes.json()) as { result: { token: string } }).result
    const byToken = await server.app.request(
      `/client/v4/zones/${DEMO.id}/dns_records`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'TXT', name: 'names-token', content: '"via token"', ttl: 300 }) },
      fromAddress('127.0.0.1'),
    )
    expect(byToken.status, await byToken.clone().text()).toBe(200)

    const view = renderApp('/audit?person=nora&area=dns')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    const rowsWith = (text: string) => within(table).queryAllByRole('row').filter((r) => r.textContent?.includes(text))
    await waitFor(() => expect(rowsWith('Changed A names-one.example.com')).toHaveLength(1))
    expect(rowsWith(`Changed ${made.result.id}`)).toEqual([])
    const viaToken = rowsWith('Created TXT names-token.example.com')
    expect(viaToken).toHaveLength(1)
    expect(viaToken[0].textContent).toContain(`with API token ${token.slice(0, 10)}`)
    expect(viaToken[0].textContent).not.toContain(token.slice(10))
    view.unmount()

    // The record's own History says the same.
    const user = userEvent.setup()
    renderApp(`/zones/${DEMO.id}/dns?name.contains=names-one`)
    await user.click(await screen.findByRole('button', { name: 'History of A record names-one.example.com' }))
    const history = await screen.findByRole('dialog', { name: 'History of A record names-one.example.com' })
    await waitFor(() => expect(within(history).getAllByRole('article')[0].textContent).toContain('Changed A names-one.example.com'))
  })

  it('offers to bring a deleted CNAME back with its settings, and does (flatten CNAME on)', async () => {
    const user = userEvent.setup()
    await server.signInAs('flo', 'editor')
    const made = await api('POST', `/zones/${DEMO.id}/dns_records`, { type: 'CNAME', name: 'flat-screen', content: 'target.example.net', ttl: 300, proxied: false, settings: { flatten_cname: true } })
    await api('DELETE', `/zones/${DEMO.id}/dns_records/${made.result.id}`)
    renderApp('/audit?person=flo&action=delete')
    const table = await screen.findByRole('table', { name: /Audit log/ })
    const row = await waitFor(() => {
      const found = within(table).queryAllByRole('row').find((r) => r.textContent?.includes('Deleted CNAME flat-screen.example.com'))
      expect(found).toBeTruthy()
      return found!
    })
    await user.click(within(row).getByRole('button', { name: /^Details of entry/ }))
    const entry = await screen.findByRole('dialog', { name: /^Entry \d+/ })
    await user.click(within(entry).getByRole('button', { name: 'Undo' }))
    expect(await within(entry).findByText(/comment, tags and settings/)).toBeTruthy()
    await user.click(within(entry).getByRole('button', { name: 'Undo this change' }))
    expect(await within(entry).findByText(/^Undone\./)).toBeTruthy()
    const back = ((await (await fetch(`/api/v4/zones/${DEMO.id}/dns_records?name=flat-screen.example.com`)).json()) as { result: { settings: Record<string, boolean> }[] }).result
    expect(back).toHaveLength(1)
    expect(back[0].settings).toMatchObject({ flatten_cname: true })
  })
})

describe('undo after someone else changed the record', () => {
  it('shows what changed since, both values, and undoes only when asked again', async () => {
    const user = userEvent.setup()
    await server.signInAs('cora', 'editor')
    const made = await api('POST', `/zones/${DEMO.id}/dns_records`, { type: 'A', name: 'conflict-one', content: '192.0.2.70', ttl: 300 })
    await api('PATCH', `/zones/${DEMO.id}/dns_records/${made.result.id}`, { content: '192.0.2.71' })
    // Someone else changes it after her.
    const { password } = await addPerson(server.store, 'evan', 'editor')
    const evan = await sessionCookie(server.app, 'evan', password, '127.0.0.1')
    const theirs = await server.app.request(
      `/api/v4/zones/${DEMO.id}/dns_records/${made.result.id}`,
      { method: 'PATCH', headers: { cookie: evan, 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify({ content: '192.0.2.72' }) },
      fromAddress('127.0.0.1'),
    )
    expect(theirs.status).toBe(200)

    renderApp(`/zones/${DEMO.id}/dns?name.contains=conflict-one`)
    await user.click(await screen.findByRole('button', { name: 'History of A record conflict-one.example.com' }))
    const history = await screen.findByRole('dialog', { name: 'History of A record conflict-one.example.com' })
    const mine = await waitFor(() => {
      const found = within(history).getAllByRole('article').find((a) => a.textContent?.includes('by Cora') && a.textContent.includes('Changed'))
      expect(found).toBeTruthy()
      return found!
    })
    await user.click(within(mine).getByRole('button', { name: 'Undo' }))
    const conflict = await within(mine).findByRole('alert')
    await waitFor(() => expect(conflict.textContent).toContain('Changed since'))
    const content = within(conflict).getByRole('row', { name: /^Content/ })
    expect(content.textContent).toContain('192.0.2.71')
    expect(content.textContent).toContain('192.0.2.72')
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/undo'))).toEqual([])
    await user.click(within(mine).getByRole('button', { name: 'Undo anyway' }))
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'POST' && r.url.endsWith('/undo'))).toHaveLength(1))
    await waitFor(async () => expect((await api('GET', `/zones/${DEMO.id}/dns_records/${made.result.id}`)).result.content).toBe('192.0.2.70'))
  })
})
