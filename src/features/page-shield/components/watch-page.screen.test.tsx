import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { LOOPBACK_RECEIVERS, startWebhookReceiver } from '@/testing/alert-receivers'
import { renderApp, screenServer } from '@/testing/screen'

/** Page security → Alerts as a reviewer and a viewer read it: the schedule and the channels, read-only, without secrets; "Send a test". */
const server = screenServer({ watch: { webhookAllowedNetworks: LOOPBACK_RECEIVERS, publicUrl: 'https://dash.test' } })
const Z = SEED_ZONES.demo.id
const W = `/api/local/zones/${Z}/watch`
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let secret = ''
const write = (path: string, body: unknown, method = 'POST') =>
  fetch(path, {
    method,
    headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  receiver = await startWebhookReceiver({ secret: () => secret })
  await server.signInAs('ada', 'admin')
  const hook = await write(`${W}/channels`, { kind: 'webhook', target: `${receiver.url}?token=s3cr3t-q` })
  secret = ((await hook.json()) as { result: { secret: string } }).result.secret
  expect(secret).toMatch(/^whsec_/)
  expect((await write(`${W}/channels`, { kind: 'email', target: 'security@shop.test' })).status).toBe(201)
  expect((await write(W, { interval_minutes: 1440, enabled: true }, 'PUT')).status).toBe(200)
})
afterAll(() => receiver.close())

const channelItem = async (text: RegExp) => {
  const list = await screen.findByRole('list', { name: 'Channels' })
  const item = (await within(list).findByText(text)).closest('li')
  if (!item) throw new Error(`no channel ${String(text)}`)
  return item
}

describe('the script watch for a reviewer', () => {
  it('shows the schedule and channels read-only and without secrets, and each channel tests with its result beside it', async () => {
    await server.signInAs('rex', 'reviewer')
    const user = userEvent.setup()
    renderApp(`/zones/${Z}/page-shield/alerts`)
    const facts = await screen.findByLabelText('Schedule')
    expect(await within(facts).findByText('Checked once a day')).toBeTruthy()
    expect(within(facts).getByText('Yes')).toBeTruthy()
    expect(within(facts).getByText(/by Ada \(ada\) \(set the schedule\)/)).toBeTruthy()
    const hook = await channelItem(/\/hooks\/zonekeeper/)
    expect(within(hook).getByText(`${receiver.url} (parts hidden)`)).toBeTruthy()

    // Nothing to change on the page: no field but the report's dates, no save, remove, pause or check.
    const main = screen.getByRole('main')
    for (const role of ['textbox', 'spinbutton', 'combobox', 'checkbox']) expect(within(main).queryAllByRole(role)).toEqual([])
    expect([...main.querySelectorAll('input, select, textarea')].map((e) => e.getAttribute('type'))).toEqual(['date', 'date'])
    for (const name of [/^Save$/, /^Remove/, /Pause checks/, /Check now/, /Add channel/])
      expect(screen.queryByRole('button', { name })).toBeNull()
    // No secret anywhere in the page.
    for (const hidden of [secret, 'whsec_', 's3cr3t-q', 'token=']) expect(document.body.innerHTML).not.toContain(hidden)

    await user.click(within(hook).getByRole('button', { name: `Send a test to ${receiver.url} (parts hidden)` }))
    expect(await within(hook).findByText(/^Test delivered at /)).toBeTruthy()
    expect(receiver.hooks).toHaveLength(1)
    expect(receiver.hooks[0].valid).toBe(true)

    // This server has no SMTP_URL: the e-mail channel's test says so, at that channel.
    const mail = await channelItem(/^security@shop\.test$/)
    await user.click(within(mail).getByRole('button', { name: 'Send a test to security@shop.test' }))
    expect(
      await within(mail).findByText('The test was not delivered: E-mail is not set up on this server (SMTP_URL is empty).'),
    ).toBeTruthy()

    // A second test of the webhook within 30 s: the server refuses, the channel says when to try again.
    await user.click(within(hook).getByRole('button', { name: /^Send a test to / }))
    expect(await within(hook).findByText(/one test per channel every 30 seconds\. Try again in \d+ s\./)).toBeTruthy()
    expect(receiver.hooks).toHaveLength(1)
  })
})

describe('the script watch for a viewer', () => {
  it('shows the channels without a test button', async () => {
    await server.signInAs('vic', 'viewer')
    renderApp(`/zones/${Z}/page-shield/alerts`)
    await channelItem(/^security@shop\.test$/)
    await waitFor(() => expect(screen.getByLabelText('Schedule')).toBeTruthy())
    expect(screen.queryByRole('button', { name: /Send a test/ })).toBeNull()
    expect(document.body.innerHTML).not.toContain('s3cr3t-q')
  })
})
