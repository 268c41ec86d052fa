import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchOf } from '../app'
import { estateApp } from '../../testing/server/estate-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'

/**
 * At the server door: a credential added through its route brings the record index reader's next
 * round now (`soon`), so the accounts it reaches are searchable in seconds, not at the next 30 s round.
 */
const { store, app } = estateApp()
// Registered after the app's own teardown, so it runs first (before the store closes).
afterAll(() => searchOf(app).reader.stop())
const { harbour, foxFinch } = ESTATE_ACCOUNTS
let admin = ''

beforeAll(async () => {
  // Fox & Finch's token is stored already: the sandbox no longer reaches the agency's other accounts by itself.
  await store.credentials.add({
    label: 'Fox & Finch token',
    credential: { kind: 'token', token: SANDBOX_TOKENS[1].value },
    check: { accounts: [{ id: foxFinch.id, name: foxFinch.name }], policies: null, status: null, expiresOn: null },
    by: 'test',
  })
  admin = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
})

const zonesOf = (id: string) => ESTATE_ZONES.filter((z) => z.account.id === id).length
const indexed = async (id: string) => (await store.recordIndex.coverageByAccount('sandbox', [{ account_id: id, zones: '*' }]))[0].zones_indexed
const until = async (what: () => Promise<boolean>, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await what()) return true
  return false
}

describe('a credential added through the vault\u2019s route', () => {
  it('has its accounts\u2019 zones read soon, long before the reader\u2019s next round', async () => {
    const reader = searchOf(app).reader
    reader.start()
    expect(await until(async () => (await indexed(foxFinch.id)) === zonesOf(foxFinch.id), 15_000)).toBe(true)
    expect(await indexed(harbour.id)).toBe(0)
    const res = await app.request('/api/local/credentials', {
      method: 'POST',
      headers: { cookie: admin, 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'token', label: 'Harbour token', token: SANDBOX_TOKENS[0].value }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    // The next interval is 30 s away: within 10 s only the route's nudge can have read Harbour.
    expect(await until(async () => (await indexed(harbour.id)) === zonesOf(harbour.id), 10_000)).toBe(true)
  })
})
