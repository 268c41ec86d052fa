import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'

/** The Credentials page with a key set: add a token, the secret never rendered and gone from the form after saving. */
const server = screenServer({ credentialsKey: randomBytes(32) })
const SECRET = 'cfut_ScreenTokenSecret0123456789abcdef'

describe('the Credentials page', () => {
  it('adds a token: checked by the server, listed by its label; the token field empties and the secret is never rendered', async () => {
    await server.signInAs('boss', 'admin')
    const user = userEvent.setup()
    renderApp('/credentials')
    await screen.findByRole('heading', { name: 'Add a credential' })
    await user.type(screen.getByLabelText('Label'), 'Client: main token')
    const token = screen.getByLabelText('API token') as HTMLInputElement
    expect(token.type).toBe('password')
    expect(token.getAttribute('autocomplete')).toBe('off')
    await user.type(token, SECRET)
    await user.click(screen.getByRole('button', { name: 'Check and add' }))

    const list = await screen.findByRole('list', { name: 'Credentials' })
    await within(list).findByText('Client: main token', { exact: false })
    expect(within(list).getByText('User API token')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('API token') as HTMLInputElement).value).toBe(''))
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('')
    expect(document.body.innerHTML).not.toContain(SECRET.slice(5))
    expect(server.sent.filter((r) => r.method === 'GET').some((r) => r.body.includes(SECRET))).toBe(false)
    const stored = await server.store.credentials.list()
    expect(stored.map((c) => c.label)).toEqual(['Client: main token'])
    expect(await server.store.credentials.secretOf(stored[0].id)).toEqual({ kind: 'token', token: SECRET })
  })

  it('a credential the server refuses is shown at the token field, and nothing is stored', async () => {
    await server.signInAs('ada', 'admin')
    const user = userEvent.setup()
    renderApp('/credentials')
    await screen.findByRole('heading', { name: 'Add a credential' })
    const before = (await server.store.credentials.list()).length
    await user.type(screen.getByLabelText('Label'), 'Wrong kind')
    await user.type(screen.getByLabelText('API token'), 'cfk_GlobalKeyPastedAsToken')
    await user.click(screen.getByRole('button', { name: 'Check and add' }))
    const token = screen.getByLabelText('API token')
    await waitFor(() => expect(token.getAttribute('aria-invalid')).toBe('true'))
    expect(await screen.findByText(/This is a global API key/)).toBeTruthy()
    expect(document.body.innerHTML).not.toContain('GlobalKeyPastedAsToken')
    expect((await server.store.credentials.list()).length).toBe(before)
  })
})
