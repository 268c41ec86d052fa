import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/**
 * Roles in the pages, every area with write controls: a viewer sees each with no write control it
 * could use and the reason said; an editor scoped to example.com has the controls there, and is not
 * offered account-level pages. The real server app answers in this process (its doors refuse the
 * writes themselves: that is tested at the doors); this proves the pages do not offer what the door
 * would refuse, nor hide what it allows.
 */
const server = screenServer()
const Z = SEED_ZONES.demo
const zone = (area: string) => `/zones/${Z.id}/${area}`

/** Names of controls that change something (reading, filtering, exporting and history are not). */
const WRITE = /^(add|edit\b|delete|create|import|save|restart|accept|decline|mark |malicious|plan the migration|review and save|resume|discard|undo)/i
/** Switches that only change how the page shows things. */
const DISPLAY_SWITCH = /^(Explain|Compact)/

/** As a browser has it: a control in a disabled fieldset is disabled too. */
const usable = (el: HTMLElement) => !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true' && !el.closest('fieldset[disabled]')
const nameOf = (el: HTMLElement) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()

/** Enabled buttons, links and switches in `scope` whose name says they change something. */
function enabledWriteControls(scope: HTMLElement): string[] {
  const found: string[] = []
  for (const el of within(scope).queryAllByRole('button', { name: WRITE })) if (usable(el)) found.push(`button "${nameOf(el)}"`)
  for (const el of within(scope).queryAllByRole('link', { name: WRITE })) found.push(`link "${nameOf(el)}"`)
  for (const el of within(scope).queryAllByRole('switch')) if (!DISPLAY_SWITCH.test(nameOf(el)) && usable(el)) found.push(`switch "${nameOf(el)}"`)
  return found
}

/** The pages with write controls, for example.com, and something each shows once loaded. */
const PAGES: { path: string; ready: () => Promise<unknown> }[] = [
  { path: zone('dns'), ready: () => screen.findByRole('table', { name: /DNS records/ }) },
  { path: zone('firewall'), ready: () => screen.findByRole('table') },
  { path: zone('page-shield'), ready: () => screen.findByRole('switch', { name: /^Monitoring:/ }) },
  { path: zone('page-shield/policies'), ready: () => screen.findByRole('list', { name: 'Policies' }) },
  { path: zone('page-shield/policies/new'), ready: () => screen.findByLabelText(/^Description/) },
  { path: zone('logs'), ready: () => screen.findByText('This zone does not log custom fields yet') },
  { path: zone('logs/jobs'), ready: () => screen.findByRole('table', { name: /Log jobs of/ }) },
  { path: zone('logs/jobs/new'), ready: () => screen.findByLabelText(/^Destination/) },
]

/** Opens `path` as a fresh page load and waits for it to show its content. */
async function open(path: string, ready: () => Promise<unknown>) {
  const view = renderApp(path)
  await ready()
  return view
}

describe('roles in the pages', () => {
  it('a viewer sees every area with no write control it could use, and the reason', async () => {
    await server.signInAs('vera', 'viewer')
    for (const { path, ready } of PAGES) {
      const view = await open(path, ready)
      const main = screen.getByRole('main')
      await waitFor(() => expect(within(main).queryAllByRole('note').some((n) => n.textContent?.includes('You have the viewer role: this needs the')), path).toBe(true))
      expect(enabledWriteControls(main), path).toEqual([])
      // Nothing a viewer could select, so "Select all" does not look usable.
      if (path === zone('dns')) expect(usable(within(main).getByRole('checkbox', { name: 'Select all rows on this page' }))).toBe(false)
      view.unmount()
    }
    // The certificate's Restart validation is shown disabled, with the reason beside it.
    let view = renderApp(`${zone('certificates')}?status=all`)
    const packs = await screen.findByRole('table', { name: `Certificate packs of ${Z.name}` })
    view.unmount()
    const packHref = (await within(packs).findByRole('link', { name: `${Z.name}, status.${Z.name}` })).getAttribute('href')!
    view = await open(packHref, () => screen.findByRole('button', { name: 'Restart validation' }))
    expect(usable(screen.getByRole('button', { name: 'Restart validation' }))).toBe(false)
    expect(await screen.findByText('You have the viewer role: this needs the editor role.', { exact: false })).toBeTruthy()
    view.unmount()
    // A script: no verdict buttons, the reason instead.
    view = renderApp(`${zone('page-shield/scripts')}?urls=pay-form`)
    const scriptHref = (await within(await screen.findByRole('table')).findAllByRole('link', { name: /pay-form\.js/ }))[0].getAttribute('href')!
    view.unmount()
    view = await open(scriptHref, () => screen.findAllByText('You have the viewer role: this needs the reviewer role.', { exact: false }))
    expect(enabledWriteControls(screen.getByRole('main'))).toEqual([])
    view.unmount()
    // Account-level work: the migration and the invites' answers are for administrators.
    view = await open('/load-balancing', () => screen.findByText(/this needs the administrator role/))
    expect(enabledWriteControls(screen.getByRole('main'))).toEqual([])
    view.unmount()
    view = await open('/invites', () => screen.findByRole('heading', { name: 'Waiting for your answer' }))
    const main = screen.getByRole('main')
    // These are the API account's invites, not the signed-in person's.
    expect(within(main).getByText(/Invitations the API account this dashboard uses has received/)).toBeTruthy()
    // (This sandbox's invites have all been answered or have expired, so there is no answer to offer
    // and no reason to give: the browser journey checks the reason where an invite waits.)
    expect(enabledWriteControls(main)).toEqual([])
    view.unmount()
  })

  it('an editor scoped to example.com has the write controls there, and no account-level pages', async () => {
    await server.signInAs('ed', 'editor', [Z.name])
    const expected: Record<string, RegExp> = {
      [zone('dns')]: /Add record/,
      [zone('page-shield/policies')]: /Create policy/,
      [zone('logs/jobs')]: /Create log job/,
      [zone('logs')]: /Create the list of custom fields/,
      [zone('logs/jobs/new')]: /Create log job/,
      [zone('page-shield/policies/new')]: /Create policy/,
    }
    for (const { path, ready } of PAGES) {
      const view = await open(path, ready)
      const main = screen.getByRole('main')
      expect(within(main).queryAllByRole('note').filter((n) => /role: this needs|outside your zone scope/.test(n.textContent ?? '')), path).toEqual([])
      if (expected[path]) {
        const re = expected[path]
        await waitFor(() => expect([...within(main).queryAllByRole('button', { name: re }), ...within(main).queryAllByRole('link', { name: re })].some(usable), path).toBe(true))
      }
      if (path === zone('page-shield')) expect(usable(screen.getByRole('switch', { name: /^Monitoring:/ }))).toBe(true)
      view.unmount()
    }
    let view = renderApp(`${zone('certificates')}?status=all`)
    const packs = await screen.findByRole('table', { name: `Certificate packs of ${Z.name}` })
    const packHref = (await within(packs).findByRole('link', { name: `${Z.name}, status.${Z.name}` })).getAttribute('href')!
    view.unmount()
    view = await open(packHref, () => screen.findByRole('button', { name: 'Restart validation' }))
    await waitFor(() => expect(usable(screen.getByRole('button', { name: 'Restart validation' }))).toBe(true))
    view.unmount()
    view = renderApp(`${zone('page-shield/scripts')}?urls=pay-form`)
    const scriptHref = (await within(await screen.findByRole('table')).findAllByRole('link', { name: /pay-form\.js/ }))[0].getAttribute('href')!
    view.unmount()
    view = await open(scriptHref, () => screen.findByRole('button', { name: 'Mark as expected' }))
    expect(usable(screen.getByRole('button', { name: 'Mark as expected' }))).toBe(true)
    view.unmount()
    // Account-level work stays with administrators, and says so; limited to some zones, the editor is
    // not offered account-level pages, and opened anyway they say the real reason, with no Retry.
    view = await open('/load-balancing', () => screen.findAllByText('This is account-level information: it needs access to all zones', { exact: false }))
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'DNS records' })).toBeTruthy()
    expect(within(nav).queryByRole('link', { name: 'Load balancing' })).toBeNull()
    expect(within(nav).queryByRole('link', { name: 'Invites' })).toBeNull()
    let main = screen.getByRole('main')
    await waitFor(() => expect(within(main).queryAllByRole('note').some((n) => n.textContent?.includes('You have the editor role: this needs the administrator role'))).toBe(true))
    expect(within(main).queryByRole('button', { name: 'Plan the migration' })).toBeNull()
    expect(within(main).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(main.textContent).not.toContain('did not come from this dashboard')
    view.unmount()
    view = await open('/invites', () => screen.findAllByText('This is account-level information: it needs access to all zones', { exact: false }))
    main = screen.getByRole('main')
    expect(within(main).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(main.textContent).not.toContain('did not come from this dashboard')
    view.unmount()
  })
})
