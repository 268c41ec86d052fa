import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '@/server/emulator/seed-ids'
import { fromAddress, login } from '@/testing/server/auth'
import { renderApp, screenServer } from '@/testing/screen'

/** The person dialog as an administrator uses it, answered by the real server app (store, sign-in) in this process. */
const server = screenServer()
beforeAll(() => server.signInAs('boss', 'admin'))

describe('the person dialog', () => {
  it('refuses an easy password before sending, then adds the person, who can sign in with what was typed', async () => {
    const user = userEvent.setup()
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Add person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'dana')
    await user.type(within(dialog).getByRole('textbox', { name: /^Display name/ }), 'Dana Reyes')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'editor')
    await user.click(within(dialog).getByRole('radio', { name: 'Only these zones' }))
    // Zones are picked from the account's list: type part of the name, pick it.
    await user.type(within(dialog).getByRole('combobox', { name: 'Add a zone' }), 'example.com')
    await user.click(await within(dialog).findByRole('option', { name: 'example.com' }))
    const password = within(dialog).getByLabelText(/^Initial password/)
    await user.type(password, 'password12')
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(server.sent.filter((r) => r.method === 'POST')).toEqual([])

    await user.clear(password)
    await user.type(password, 'kettle-harbour-violet-93')
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const people = await screen.findByRole('table', { name: 'People' })
    expect(await within(people).findByText('Dana Reyes')).toBeTruthy()
    expect(await server.store.people.byUsername('dana')).toMatchObject({ role: 'editor', zones: ['example.com'] })
    expect((await login(server.app, 'dana', 'kettle-harbour-violet-93')).status).toBe(303)
  })

  it('says at the password field why a password is refused (common, built from the username), with the rule the server applies; Cancel adds nobody', async () => {
    const user = userEvent.setup()
    await server.signInAs('boss-pw', 'admin')
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Add person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'wes')
    await user.type(within(dialog).getByRole('textbox', { name: /^Display name/ }), 'Wes Weak')
    const password = within(dialog).getByLabelText(/^Initial password/)
    const description = () => (password.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    await user.type(password, 'password12')
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(description()).toMatch(/commonly used password/)
    await user.clear(password)
    await user.type(password, 'wes2024wes2024')
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }))
    await waitFor(() => expect(description()).toMatch(/built from the username|Repeated/))
    expect(password.getAttribute('aria-invalid')).toBe('true')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(await screen.findByRole('table', { name: 'People' })).queryByText('Wes Weak')).toBeNull()
    expect(server.sent.filter((r) => r.method === 'POST' && r.url.includes('/people'))).toEqual([])
    expect(await server.store.people.byUsername('wes')).toBeFalsy()
  })

  it('picks zones by keyboard: arrows and Enter choose, Escape closes the list and leaves the dialog open', async () => {
    const user = userEvent.setup()
    await server.signInAs('boss-kbd', 'admin')
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Add person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' })
    await user.click(within(dialog).getByRole('radio', { name: 'Only these zones' }))
    const box = within(dialog).getByRole('combobox', { name: 'Add a zone' })
    await user.type(box, 'e')
    const option = await within(dialog).findByRole('option', { name: 'newshop.dev' })
    for (let i = 0; i < 10 && box.getAttribute('aria-activedescendant') !== option.id; i++) await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id)
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByRole('button', { name: 'Remove newshop.dev' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Add a person' })).toBeTruthy()
    await user.keyboard('{ArrowDown}')
    expect(within(dialog).getByRole('listbox', { name: 'Zones of the account' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(within(dialog).queryByRole('listbox')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Add a person' })).toBeTruthy()
    expect(document.activeElement).toBe(box)
  })

  it('finds zones among a hundred by asking the account with the typed name: a typo finds none, many are capped at 20, more typing narrows to one', async () => {
    const user = userEvent.setup()
    await server.signInAs('boss-many', 'admin')
    // An account with more zones than the picker lists or the API gives in one page (50): the API must
    // do the finding. team-0187 lies past the first page by name.
    // The dashboard's own door does not create zones: an API client does, with a personal token.
    const tokenRes = await fetch('/api/local/me/tokens', { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify({ name: 'zones' }) })
    const { token } = ((await tokenRes.json()) as { result: { token: string } }).result
    for (let start = 0; start < 100; start += 25) {
      const made = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          server.app.request(
            '/client/v4/zones',
            {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name: `team-${String(start + i + 100).padStart(4, '0')}.test`, account: { id: DEMO_ACCOUNT.id } }),
            },
            fromAddress('127.0.0.1'),
          ),
        ),
      )
      for (const r of made) expect(r.ok, `${r.status} ${await r.clone().text()}`).toBe(true)
    }
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Add person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' })
    await user.click(within(dialog).getByRole('radio', { name: 'Only these zones' }))
    const box = within(dialog).getByRole('combobox', { name: 'Add a zone' })
    // The zone list's options (the Role select has options of its own).
    const options = () => {
      const list = within(dialog).queryByRole('listbox', { name: 'Zones of the account' })
      return list ? within(list).queryAllByRole('option') : []
    }

    // The typo: the account is asked with the typed text as a name filter, and has no such zone.
    await user.type(box, 'exmaple')
    expect(await within(dialog).findByText('No zone of the account has a name containing “exmaple”. Check the spelling.')).toBeTruthy()
    expect(server.sent.some((r) => r.url.startsWith('/api/v4/zones?') && decodeURIComponent(r.url).includes('name=contains:exmaple'))).toBe(true)
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(options()).toEqual([]))
    await user.keyboard('{Enter}')
    expect(within(dialog).queryByRole('list', { name: 'Chosen zones' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Add a person' })).toBeTruthy() // Enter in the box never submits the form

    await user.clear(box)
    await user.type(box, 'team-01')
    expect(await within(dialog).findByText('100 zones match; the first 20 are listed. Type more of the name to narrow.')).toBeTruthy()
    await waitFor(() => expect(options()).toHaveLength(20))
    await user.type(box, '87')
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['team-0187.test']))
  })

  it("changes a person's role; an administrator always has every zone", async () => {
    const user = userEvent.setup()
    await server.signInAs('boss-2', 'admin')
    await server.store.people.add({ username: 'sam', displayName: 'Sam Okafor', role: 'viewer', zones: ['example.com'], passwordHash: 'x' })
    renderApp('/people')
    await user.click(await screen.findByRole('button', { name: 'Change sam' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Sam Okafor' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'admin')
    expect(within(dialog).getByText('Administrators always see every zone.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await server.store.people.byUsername('sam')).toMatchObject({ role: 'admin', zones: '*' })
  })

  it("checks a person's e-mail at the field before sending, stores it for change-request mail, and the list shows who has none", async () => {
    const user = userEvent.setup()
    await server.signInAs('boss-3', 'admin')
    const kim = await server.store.people.add({ username: 'kim', displayName: 'Kim Lee', role: 'editor', zones: '*', passwordHash: 'x' })
    renderApp('/people')
    const people = await screen.findByRole('table', { name: 'People' })
    const row = (name: string) => within(people).getByText(name).closest('tr')!
    await within(people).findByText('Kim Lee')
    expect(row('Kim Lee').textContent).toContain('No e-mail')
    await user.click(screen.getByRole('button', { name: 'Change kim' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change Kim Lee' })
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ })
    await user.type(email, 'kim.example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(/That is not an e-mail address: write it as name@example\.com/)).toBeTruthy()
    expect(server.sent.filter((r) => r.method === 'PATCH')).toEqual([])

    await user.clear(email)
    await user.type(email, 'Kim@Example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Trimmed, its domain lower-cased, its local part as typed.
    expect(await server.store.people.byId(kim!.id)).toMatchObject({ email: 'Kim@example.com', emailSource: 'admin' })
    await waitFor(() => expect(row('Kim Lee').textContent).toContain('Kim@example.com'))
  })

  it('marks who has no address but would get change-request mail, and says where an address came from', async () => {
    await server.signInAs('boss-4', 'admin')
    await server.store.people.update((await server.store.people.byUsername('boss-4'))!.id, { email: { address: 'boss4@example.com', source: 'admin' } })
    await server.store.changeRequests.setZone({ zoneId: 'zone-mail', zoneName: 'mail-marker.example', required: true, approverMode: 'editors', approverIds: [] }, 'test')
    await server.store.people.add({ username: 'appr', displayName: 'Approving Editor', role: 'editor', zones: ['mail-marker.example'], passwordHash: 'x' })
    await server.store.people.add({ username: 'quiet', displayName: 'Quiet Viewer', role: 'viewer', zones: ['mail-marker.example'], passwordHash: 'x' })
    await server.store.people.add({ username: 'ssoed', displayName: 'Sso Person', role: 'viewer', zones: '*', passwordHash: null, email: { address: 'ssoed@idp.example', source: 'sso' } })
    renderApp('/people')
    const people = await screen.findByRole('table', { name: 'People' })
    const row = (name: string) => within(people).getByText(name).closest('tr')!
    await within(people).findByText('Approving Editor')
    expect(within(row('Approving Editor')).getByText('No e-mail: approves change requests on mail-marker.example, but gets no mail about it')).toBeTruthy()
    // A viewer not allowed to propose gets no mail: said quietly, not marked.
    expect(within(row('Quiet Viewer')).getByText('No e-mail')).toBeTruthy()
    expect(row('Quiet Viewer').textContent).not.toContain('gets no mail')
    expect(row('Sso Person').textContent).toContain('ssoed@idp.example · from single sign-on')
  })
})
