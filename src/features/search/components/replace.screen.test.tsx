import { randomBytes } from 'node:crypto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderApp, screenServer } from '@/testing/screen'
import { searchOf } from '@/server/app'
import { DEMO_ACCOUNT, SEED_ZONES } from '@/server/emulator/seed-ids'

/**
 * "Change them all" on the Search page, against the real server: tick matches, "select all" across
 * pages, a new value checked at the field by the record type's schema, a preview per zone read from
 * the API, then the apply with a result per zone (and its undo).
 */
// A vault key: the second account's zones are reached through a stored credential.
const server = screenServer({ credentialsKey: randomBytes(32) })
const zones = [SEED_ZONES.demo, SEED_ZONES.pending]
const OLD = '203.0.113.77'
/** A client account reached through a stored credential (a token the sandbox answers the demo zones with). */
const client = { id: 'c1'.repeat(16), name: 'Clinic <b>& Co</b>' }

beforeAll(async () => {
  await server.signInAs('ada', 'admin')
  // Stored before any page loads: the account list the pages keep names it.
  await server.store.credentials.add({
    label: 'Client token',
    credential: { kind: 'token', token: 'screen-client-token' },
    check: { accounts: [client], policies: null, status: null, expiresOn: null },
    by: 'test',
  })
  await server.store.recordIndex.putZones('sandbox', zones.map((z) => ({ zone_id: z.id, zone_name: z.name, account_id: DEMO_ACCOUNT.id })), Date.now())
  for (const z of zones) {
    const res = await fetch(`/api/v4/zones/${z.id}/dns_records`, {
      method: 'POST',
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: `origin.${z.name}`, content: OLD, ttl: 1, proxied: false }),
    })
    expect(res.status).toBe(200)
  }
})

describe('changing every match from the Search page', () => {
  it('selects, checks the new value, previews per zone, applies per zone', async () => {
    const user = userEvent.setup()
    renderApp(`/search?q=${OLD}`)
    const results = await screen.findByRole('region', { name: 'Matching records' })
    await user.click(within(results).getByRole('checkbox', { name: `Select origin.example.com (A) in example.com` }))
    expect(screen.getByText('1 selected.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Select all 2 matches' }))
    expect(screen.getByText('All 2 matches selected.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Change selected…' }))

    const dialog = await screen.findByRole('dialog', { name: 'Change 2 matching records' })
    const field = within(dialog).getByRole('textbox', { name: 'New value' })
    await user.type(field, 'not-an-address')
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).getByText(/^Not valid for A records/)).toBeTruthy()

    await user.clear(field)
    await user.type(field, '203.0.113.99')
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    for (const z of zones) {
      const zone = await within(dialog).findByRole('region', { name: `Preview of ${z.name}` })
      expect(within(zone).getByText('Written directly')).toBeTruthy()
      expect(within(zone).getByRole('list', { name: `Records in ${z.name}` }).textContent).toBe(`A origin.${z.name}: ${OLD} → 203.0.113.99`)
    }

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 zones' }))
    const perZone = await within(dialog).findByRole('list', { name: 'Result per zone' })
    await within(perZone).findByRole('button', { name: 'Undo the change in newshop.dev' })
    const items = within(perZone).getAllByRole('listitem').filter((li) => li.parentElement === perZone)
    expect(items).toHaveLength(2)
    for (const li of items) expect(within(li).getByText('Applied')).toBeTruthy()
    expect(within(perZone).getByRole('button', { name: 'Undo the change in example.com' })).toBeTruthy()
    const after = await server.store.recordIndex.count('sandbox', { text: '203.0.113.99', field: 'content', scope: '*' })
    expect(after).toBe(2)
  })
})

describe('changing matches in zones of several accounts', () => {
  it('names each zone\u2019s account (as text) in the preview and in the result per zone', async () => {
    const AT = '203.0.113.88'
    // newshop.dev is the client account's, in the index.
    const [own, theirs] = [SEED_ZONES.demo, SEED_ZONES.pending]
    await server.store.recordIndex.putZones('sandbox', [{ zone_id: theirs.id, zone_name: theirs.name, account_id: client.id }], Date.now())
    for (const z of [own, theirs]) {
      const res = await fetch(`/api/v4/zones/${z.id}/dns_records`, {
        method: 'POST',
        headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'A', name: `other.${z.name}`, content: AT, ttl: 1, proxied: false }),
      })
      expect(res.status).toBe(200)
    }
    const user = userEvent.setup()
    renderApp(`/search?q=${AT}`)
    const results = await screen.findByRole('region', { name: 'Matching records' })
    for (const z of [own, theirs]) await user.click(within(results).getByRole('checkbox', { name: `Select other.${z.name} (A) in ${z.name}` }))
    await user.click(screen.getByRole('button', { name: 'Change selected…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change 2 matching records' })
    await user.type(within(dialog).getByRole('textbox', { name: 'New value' }), '203.0.113.89')
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const accountOf: Record<string, string> = { [own.name]: DEMO_ACCOUNT.name, [theirs.name]: client.name }
    for (const [zone, name] of Object.entries(accountOf)) {
      const section = await within(dialog).findByRole('region', { name: `Preview of ${zone}` })
      expect(await within(section).findByText(`Account: ${name}`)).toBeTruthy()
    }
    // The name is text, never markup.
    expect(dialog.querySelector('b')).toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 zones' }))
    const perZone = await within(dialog).findByRole('list', { name: 'Result per zone' })
    for (const zone of Object.keys(accountOf)) await within(perZone).findByRole('button', { name: `Undo the change in ${zone}` })
    const items = within(perZone).getAllByRole('listitem').filter((li) => li.parentElement === perZone)
    expect(items).toHaveLength(2)
    for (const li of items) {
      const zone = Object.keys(accountOf).find((n) => within(li).queryByText(n))!
      expect(within(li).getByText('Applied')).toBeTruthy()
      expect(within(li).getByText(`Account: ${accountOf[zone]}`)).toBeTruthy()
    }
  })
})

describe('changing every match after someone else changed them all', () => {
  it('says per zone that nothing was changed and why (not a failure)', async () => {
    const AT = '203.0.113.66'
    const made: { zone: string; id: string }[] = []
    for (const z of zones) {
      const res = await fetch(`/api/v4/zones/${z.id}/dns_records`, {
        method: 'POST',
        headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'A', name: `raced.${z.name}`, content: AT, ttl: 1, proxied: false }),
      })
      expect(res.status).toBe(200)
      made.push({ zone: z.id, id: ((await res.json()) as { result: { id: string } }).result.id })
    }
    await searchOf(server.app).settled()
    const user = userEvent.setup()
    renderApp(`/search?q=${AT}`)
    const results = await screen.findByRole('region', { name: 'Matching records' })
    await user.click(within(results).getByRole('checkbox', { name: `Select raced.example.com (A) in example.com` }))
    await user.click(screen.getByRole('button', { name: 'Select all 2 matches' }))
    await user.click(screen.getByRole('button', { name: 'Change selected…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change 2 matching records' })
    await user.type(within(dialog).getByRole('textbox', { name: 'New value' }), '203.0.113.67')
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    for (const z of zones) await within(dialog).findByRole('region', { name: `Preview of ${z.name}` })

    // Meanwhile someone else changes every match (through the dashboard: the index learns it).
    for (const r of made) {
      const res = await fetch(`/api/v4/zones/${r.zone}/dns_records/${r.id}`, { method: 'PATCH', headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }, body: JSON.stringify({ content: '203.0.113.68' }) })
      expect(res.status).toBe(200)
    }
    await searchOf(server.app).settled()

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 zones' }))
    const perZone = await within(dialog).findByRole('list', { name: 'Result per zone' })
    await waitFor(() => expect(within(perZone).getAllByText('Nothing to change')).toHaveLength(2))
    const items = within(perZone).getAllByRole('listitem').filter((li) => li.parentElement === perZone)
    expect(items).toHaveLength(2)
    for (const li of items) {
      expect(within(li).getByText('Nothing to change')).toBeTruthy()
      expect(li.textContent).toMatch(/Nothing was changed: no record of this zone matches the search any more|No longer there/)
      expect(within(li).queryByRole('button', { name: /^Undo/ })).toBeNull()
    }
  })
})
