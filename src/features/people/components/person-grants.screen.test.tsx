import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '@/testing/server/auth'
import { renderApp, screenServer } from '@/testing/screen'
import { DEMO_ACCOUNT, SEED_ZONES } from '@/server/emulator/seed-ids'
import { ACCOUNT_HEADER } from '@/shared/account-context'
import { ESTATE_ACCOUNTS, SANDBOX_TOKENS } from '@/server/emulator/estate/data'

/** Giving a person a role in one account, on the People page, answered by the real server app. */
const server = screenServer({ credentialsKey: randomBytes(32) })
const { harbour, foxFinch } = ESTATE_ACCOUNTS
beforeAll(async () => {
  await server.signInAs('boss', 'admin')
  await addPerson(server.store, 'gina', 'viewer')
  // The agency's user token: one credential reaching two client accounts.
  await server.store.credentials.add({
    label: 'Agency token',
    credential: { kind: 'token', token: SANDBOX_TOKENS[3].value },
    check: { accounts: [harbour, foxFinch].map((a) => ({ id: a.id, name: a.name })), policies: null, status: null, expiresOn: null },
    by: 'test',
  })
})

describe('roles per account', () => {
  it('gives a person a role in one account, beside their every-account role', async () => {
    const user = userEvent.setup()
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Roles per account of gina' }))
    const dialog = await screen.findByRole('dialog', { name: /Roles of Gina per account/ })
    const table = within(dialog).getByRole('table', { name: 'Roles of gina' })
    expect(within(table).getByText('Every account')).toBeTruthy()
    const account = within(dialog).getByRole('combobox', { name: /^Account/ })
    await waitFor(() => expect(within(account).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(account, DEMO_ACCOUNT.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Role in it/ }), 'editor')
    await user.click(within(dialog).getByRole('button', { name: 'Give role' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const gina = (await server.store.people.byUsername('gina'))!
    expect(await server.store.grants.forAccount(gina.id, DEMO_ACCOUNT.id)).toEqual({ account: DEMO_ACCOUNT.id, role: 'editor', zones: '*' })
    expect(await server.store.grants.forAccount(gina.id, undefined)).toMatchObject({ role: 'viewer' })
  })
})

describe('a role in one account with some of its zones', () => {
  it('picks the zones from that account’s own list (asked in that account), and saves them with the grant', async () => {
    const user = userEvent.setup()
    await addPerson(server.store, 'hank', 'viewer', [])
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Roles per account of hank' }))
    const dialog = await screen.findByRole('dialog', { name: /Roles of Hank per account/ })
    const account = within(dialog).getByRole('combobox', { name: /^Account/ })
    await waitFor(() => expect(within(account).getByRole('option', { name: harbour.name })).toBeTruthy())
    await user.selectOptions(account, DEMO_ACCOUNT.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Role in it/ }), 'editor')
    await user.click(within(dialog).getByRole('radio', { name: 'Only these zones' }))
    // Nothing picked: said at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Give role' }))
    expect(await within(dialog).findByText('Pick at least one zone, or choose all zones.')).toBeTruthy()
    expect(server.sent.some((r) => r.url.includes('/grants'))).toBe(false)
    const box = within(dialog).getByRole('combobox', { name: /Add a zone/ })
    await user.type(box, SEED_ZONES.demo.name)
    const list = await within(dialog).findByRole('listbox', { name: 'Zones of the account' })
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${SEED_ZONES.demo.name.replace('.', '\\.')}`) }))
    // The zones were asked in the grant's account (its credential, its zones only), not the page's.
    const asked = server.sent.filter((r) => r.url.startsWith('/api/v4/zones?'))
    expect(asked.length).toBeGreaterThan(0)
    for (const r of asked) {
      expect(r.headers[ACCOUNT_HEADER]).toBe(DEMO_ACCOUNT.id)
      expect(new URL(r.url, 'http://x').searchParams.get('account.id')).toBe(DEMO_ACCOUNT.id)
    }
    await user.click(within(dialog).getByRole('button', { name: 'Give role' }))
    const hank = (await server.store.people.byUsername('hank'))!
    await waitFor(async () => expect(await server.store.grants.forAccount(hank.id, DEMO_ACCOUNT.id)).toEqual({ account: DEMO_ACCOUNT.id, role: 'editor', zones: [SEED_ZONES.demo.name] }))
    const table = within(dialog).getByRole('table', { name: 'Roles of hank' })
    expect(await within(table).findByText(SEED_ZONES.demo.name)).toBeTruthy()
  })
})
