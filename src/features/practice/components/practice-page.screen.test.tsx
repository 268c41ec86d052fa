import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'
import { SANDBOX_TOKEN_INFO } from '@/shared/sandbox-estate'

/**
 * The newcomer checklist and the top bar for a viewer an administrator lets propose, in sandbox
 * mode, answered by the real server app in this process: the checklist offers proposing where the
 * role does not allow writing, and nobody is offered an action the server would refuse.
 */
const server = screenServer()
const Z = SEED_ZONES.demo
const W = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }
// A task's item, by its title (its own text; the status beside it is a span of its own).
const task = (title: string) => within(screen.getByRole('list', { name: 'Newcomer checklist' })).getByText(title, { selector: 'p' }).closest('li')!

describe('the sandbox for API clients', () => {
  it('lists the seeded tokens with their values, what kind each is and the accounts it reaches', async () => {
    renderApp('/practice')
    const list = await screen.findByRole('list', { name: 'Sandbox tokens' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(SANDBOX_TOKEN_INFO.length)
    for (const [i, t] of SANDBOX_TOKEN_INFO.entries()) expect(within(items[i]).getByText(t.value, { selector: 'code' })).toBeTruthy()
    expect(items[0].textContent).toContain('Account token, checked at /accounts/{account_id}/tokens/verify; reaches Harbour Dental Group')
    expect(items[3].textContent).toContain('User token, checked at /user/tokens/verify; reaches Harbour Dental Group, Fox & Finch Bakery, Meridian Cycle Works')
  })
})

describe('the newcomer checklist of a viewer who may propose', () => {
  it('offers proposing a record instead of "not allowed", and a "Propose a change" task', async () => {
    // Set while nobody is defined (the local administrator): changes on the zone need approval.
    const approval = await server.app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: W, body: JSON.stringify({ required: true, approverMode: 'admins' }) })
    expect(approval.status).toBe(200)
    await server.signInAs('vic', 'viewer')
    const vic = (await server.store.people.list()).find((p) => p.username === 'vic')!
    await server.store.changeRequests.setPerson(vic.id, { mayPropose: true, email: null })

    renderApp('/practice')
    await screen.findByRole('list', { name: 'Newcomer checklist' })
    await waitFor(() => expect(task('Add a record').textContent).toContain('You propose it here'))
    const add = task('Add a record')
    expect(add.textContent).not.toContain('Not allowed for your role here')
    expect(add.textContent).toContain('you may propose them')
    expect(within(add).getByRole('link', { name: 'Propose a record' }).getAttribute('href')).toBe(`/zones/${Z.id}/dns`)
    expect(within(add).getByRole('button', { name: 'Practise this' })).toBeTruthy()
    const propose = task('Propose a change')
    expect(propose.textContent).toContain('Not done yet')
    expect(within(propose).getByRole('link', { name: 'Propose a record' })).toBeTruthy()
    // What a viewer can neither do nor propose still says why.
    expect(task('Undo a change').textContent).toContain('Not allowed for your role here')
  })

  it('does not offer a practising viewer "Reset sandbox" (the server refuses it): the banner resets their copy', async () => {
    const on = await fetch('/api/local/practice', { method: 'POST', headers: W, body: JSON.stringify({ practice: true }) })
    expect(on.status).toBe(200)
    renderApp('/practice')
    const banner = await screen.findByRole('region', { name: 'Practice mode' })
    expect(within(banner).getByRole('button', { name: 'Reset practice data' })).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Newcomer checklist' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Reset sandbox' })).toBeNull()
    // The door the button would lead to.
    expect((await fetch('/api/sandbox/reset', { method: 'POST', headers: W })).status).toBe(403)
  })
})
