import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromAddress } from '@/testing/server/auth'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * Nobody has an account yet (on loopback): the dashboard opens as the local administrator, whose People
 * page says so, and the first person added through its form turns sign-in on. (The e2e people journey
 * runs on the shared signed-in server, which always has an administrator: the store keeps its last one.)
 */
const server = screenServer()

describe('the first person, added by the local administrator', () => {
  it('the People page says nobody has an account; once the first administrator is added, every page wants a sign-in', async () => {
    const user = userEvent.setup()
    renderApp('/people')
    expect(await screen.findByText(/Nobody has an account yet, so this dashboard opens without signing in/)).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Add person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'ada')
    await user.type(within(dialog).getByRole('textbox', { name: /^Display name/ }), 'Ada Admin')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'admin')
    await user.type(within(dialog).getByLabelText(/^Initial password/), 'kettle-harbour-violet-93')
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await server.store.people.byUsername('ada')).toMatchObject({ role: 'admin' })
    // From the same machine, with no session: the API refuses, a page goes to the sign-in with the way back.
    const local = fromAddress('127.0.0.1')
    expect((await server.app.request('/api/local/me', undefined, local)).status).toBe(401)
    expect((await server.app.request('/zones', undefined, local)).headers.get('location')).toBe('/login?next=%2Fzones')
  })
})
