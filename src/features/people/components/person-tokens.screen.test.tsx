import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'
import { fromAddress } from '@/testing/server/auth'

/** An administrator's view of another person's personal API tokens, answered by the real server app (store, sign-in, client door) in this process. */
const server = screenServer()
const client = (token: string) => server.app.request('/client/v4/zones', { headers: { authorization: `Bearer ${token}` } }, fromAddress('127.0.0.1'))

describe("a person's API tokens, seen by an administrator", () => {
  it('lists each with its prefix and last use, and revokes one: the client is refused from then on', async () => {
    const user = userEvent.setup()
    await server.signInAs('eddie', 'editor', ['example.com'])
    const made = await fetch('/api/local/me/tokens', { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify({ name: 'backup job' }) })
    const { token } = ((await made.json()) as { result: { token: string } }).result
    expect((await client(token)).status).toBe(200)

    await server.signInAs('boss', 'admin')
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'API tokens of eddie' }))
    const dialog = await screen.findByRole('dialog', { name: 'API tokens of Eddie' })
    const item = await waitFor(() => {
      const found = within(dialog).getAllByRole('listitem').find((li) => li.textContent?.includes('backup job'))
      expect(found).toBeTruthy()
      return found!
    })
    expect(item.textContent).toContain(token.slice(0, 10))
    expect(item.textContent).not.toContain(token.slice(10))
    expect(item.textContent).toContain('last used')
    await user.click(within(item).getByRole('button', { name: 'Revoke backup job' }))
    await waitFor(() => expect(within(dialog).queryAllByRole('listitem').filter((li) => li.textContent?.includes('backup job'))).toEqual([]))
    expect((await client(token)).status).toBe(403)
  })
})
