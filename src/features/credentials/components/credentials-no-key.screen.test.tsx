import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'

/** Without CREDENTIALS_KEY the page says how to set one instead of offering the form. */
const server = screenServer()

describe('the Credentials page without a key', () => {
  it('explains both settings and how to make a key, and shows no form', async () => {
    await server.signInAs('boss', 'admin')
    renderApp('/credentials')
    const note = await screen.findByRole('note')
    expect(note.textContent).toContain('CREDENTIALS_KEY')
    expect(note.textContent).toContain('CREDENTIALS_KEY_FILE')
    expect(note.textContent).toContain('openssl rand -base64 32')
    expect(screen.queryByRole('heading', { name: 'Add a credential' })).toBeNull()
    expect(screen.queryByLabelText('API token')).toBeNull()
  })
})
