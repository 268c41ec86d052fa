import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addPerson } from '@/testing/server/auth'
import { renderApp, screenServer } from '@/testing/screen'

/** The People list says who has a second factor, and offers a reset only where there is one. */
const server = screenServer()

describe('the People list and second factors', () => {
  it('shows who has an authenticator app and who has none; Reset two-factor only for the former', async () => {
    await server.signInAs('boss', 'admin')
    const { person: tess } = await addPerson(server.store, 'tess', 'editor')
    await addPerson(server.store, 'noah', 'viewer')
    await server.store.twoFactor.prepare(tess.id, 'JBSWY3DPEHPK3PXP')
    expect(await server.store.twoFactor.enable(tess.id, 1, ['code-one-1'])).toBe(true)

    renderApp('/people')
    const table = await screen.findByRole('table', { name: 'People' })
    const row = async (username: string) => (await within(table).findByText(username, { selector: 'span' })).closest('tr')!
    const tessRow = await row('tess')
    const noahRow = await row('noah')
    expect(within(tessRow).getByText('Second factor: authenticator app')).toBeTruthy()
    expect(within(tessRow).getByRole('button', { name: 'Reset two-factor of tess' })).toBeTruthy()
    expect(within(noahRow).getByText('No second factor')).toBeTruthy()
    expect(within(noahRow).queryByRole('button', { name: 'Reset two-factor of noah' })).toBeNull()
  })
})
