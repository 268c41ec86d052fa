import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'
import { randomBytes } from 'node:crypto'
import { ESTATE_ACCOUNTS, SANDBOX_TOKENS } from '@/server/emulator/estate/data'
import { DEMO_ACCOUNT } from '@/server/emulator/seed-ids'
import { readTime } from './search-page'

/**
 * The Search page against the real server: the index holds two zones' records (one zone known but
 * never read) of the demo account, and one zone of a client account a stored credential reaches;
 * typing an IP finds its records in every zone, says exactly what was searched in each account, and
 * links each match to its zone's DNS page.
 */
const server = screenServer({ credentialsKey: randomBytes(32) })
const zoneA = { zone_id: 'a'.repeat(32), zone_name: 'alpha.test', account_id: DEMO_ACCOUNT.id }
const zoneB = { zone_id: 'b'.repeat(32), zone_name: 'beta.test', account_id: DEMO_ACCOUNT.id }
const { harbour } = ESTATE_ACCOUNTS
const zoneD = { zone_id: 'd'.repeat(32), zone_name: 'delta.test', account_id: harbour.id }
const READ_AT = Date.parse('2026-01-02T14:02:00Z')
const rec = (id: string, name: string, content: string, comment = '') => ({ record_id: id, type: 'A', name, content, proxied: 1, ttl: 1, comment, tags: '' })

beforeAll(async () => {
  await server.signInAs('ada', 'admin')
  const idx = server.store.recordIndex
  await idx.replaceZone('sandbox', zoneA, [rec('r1', 'www.alpha.test', '192.0.2.44', 'front door'), rec('r2', 'api.alpha.test', '198.51.100.1')], READ_AT)
  await idx.replaceZone('sandbox', zoneB, [rec('r3', 'legacy.beta.test', '192.0.2.44')], READ_AT + 60_000)
  await idx.putZones('sandbox', [{ zone_id: 'c'.repeat(32), zone_name: 'gamma.test', account_id: DEMO_ACCOUNT.id }], READ_AT)
  await idx.replaceZone('sandbox', zoneD, [rec('r4', 'www.delta.test', '192.0.2.44')], READ_AT + 120_000)
  // A client account the dashboard reaches through a stored token (its record of the accounts it reaches: no call).
  await server.store.credentials.add({
    label: 'Harbour token',
    credential: { kind: 'token', token: SANDBOX_TOKENS[0].value },
    check: { accounts: [{ id: harbour.id, name: harbour.name }], policies: null, status: null, expiresOn: null },
    by: 'test',
  })
})

describe('the Search page', () => {
  it('finds an IP in every zone, says what it covered, and links each match to its zone\'s DNS records', async () => {
    const user = userEvent.setup()
    renderApp('/search')
    await user.type(await screen.findByRole('searchbox', { name: 'Search for' }), '192.0.2.44')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const results = await screen.findByRole('region', { name: 'Matching records' })
    const rows = within(results).getAllByRole('row').slice(1)
    // The first cell after the selection's checkbox (shown to people who may write) is the zone.
    expect(rows.map((r) => within(r).getAllByRole('cell').filter((c) => !c.querySelector('input'))[0].textContent)).toEqual(['alpha.test', 'beta.test', 'delta.test'])
    expect(currentSearch().get('q')).toBe('192.0.2.44')
    expect(screen.getByText('3 matching records.')).toBeTruthy()
    // Per account (the dashboard reaches two): what was read of each.
    expect(screen.getByText(`Searched Acme Corporation: 2 of 3 zones, 1 not read yet; ${harbour.name}: 1 of 1 zone (oldest read ${readTime(READ_AT)}).`)).toBeTruthy()
    // Each match says its account.
    expect(rows.map((r) => within(r).getAllByRole('cell').filter((c) => !c.querySelector('input'))[1].textContent)).toEqual(['Acme Corporation', 'Acme Corporation', harbour.name])
    const link = within(rows[0]).getByRole('link', { name: /www\.alpha\.test \(A\) in alpha\.test/ })
    const href = new URL(link.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe(`/zones/${zoneA.zone_id}/dns`)
    expect(href.searchParams.get('name.contains')).toBe('www.alpha.test')
    expect(href.searchParams.get('type')).toBe('A')
    // Each link opens the zone in its own account (a client account's zone is not the active account's).
    expect(href.searchParams.get('account')).toBe(DEMO_ACCOUNT.id)
    const other = new URL(within(rows[2]).getByRole('link', { name: /in delta\.test/ }).getAttribute('href')!, 'http://x')
    expect([other.pathname, other.searchParams.get('account')]).toEqual([`/zones/${zoneD.zone_id}/dns`, harbour.id])
    expect(screen.getByRole('link', { name: 'Download CSV of every match' }).getAttribute('href')).toBe('/api/local/search/records?q=192.0.2.44&format=csv')
  })
})
