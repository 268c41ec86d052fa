import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '@/testing/server/auth'
import { renderApp, screenServer } from '@/testing/screen'
import { DEMO_ACCOUNT } from '@/server/emulator/seed-ids'

/** Giving a person a role in one account, on the People page, answered by the real server app. */
const server = screenServer()
beforeAll(async () => {
  await server.signInAs('boss', 'admin')
  await addPerson(server.store, 'gina', 'viewer')
})

describe('roles per account', () => {
  it('gives a person a role in one account, beside their every-account role', async () => {
    const user = userEvent.setup()
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Roles per account of gina' }))
    const dialog = await screen.findByRole('dialog', { name: /Roles of Gina per account/ })
    const table = within(dialog).getByRole('table', { name: 'Roles of gina' })
    expect(within(table).getByText('Every account')).toBeTruthy()
    const account = within(dialog).getByRole('combobox', { name: 'Account' })
    await waitFor(() => expect(within(account).getAllByRole('option').length).toBeGreaterThan(1))
    await user.selectOptions(account, DEMO_ACCOUNT.id)
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role in it' }), 'editor')
    await user.click(within(dialog).getByRole('button', { name: 'Give role' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const gina = (await server.store.people.byUsername('gina'))!
    expect(await server.store.grants.forAccount(gina.id, DEMO_ACCOUNT.id)).toEqual({ account: DEMO_ACCOUNT.id, role: 'editor', zones: '*' })
    expect(await server.store.grants.forAccount(gina.id, undefined)).toMatchObject({ role: 'viewer' })
  })
})
