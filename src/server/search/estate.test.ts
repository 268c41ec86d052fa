import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import { createStore, EVERY_ACCOUNT } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import type { RecordSearchReply } from '../../shared/search/record-search'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'

/**
 * One search across the estate: the sandbox's agency accounts reached through two stored tokens
 * (each bound to its account), the background reader filling both through their own credential, and
 * a person with a grant in one account only seeing that account's matches and coverage.
 */
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
const app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
const { harbour, foxFinch, meridian } = ESTATE_ACCOUNTS
const zonesOf = (id: string) => ESTATE_ZONES.filter((z) => z.account.id === id).map((z) => z.name).sort()
/** A record every client account's main zone holds (the agency's status page). */
const STATUS = '198.51.100.250'
let admin = ''
let hana = ''

beforeAll(async () => {
  for (const [account, i] of [[harbour, 0], [foxFinch, 1]] as const) {
    await store.credentials.add({
      label: `${account.name} token`,
      credential: { kind: 'token', token: SANDBOX_TOKENS[i].value },
      check: { accounts: [{ id: account.id, name: account.name }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
  }
  admin = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
  // Hana: a viewer of Harbour's zones and of Meridian's (which no credential of the dashboard reaches now), nothing else.
  const h = await addPerson(store, 'hana', 'viewer')
  expect(
    await store.grants.replace(h.person.id, [
      { account: harbour.id, role: 'viewer', zones: '*' },
      { account: meridian.id, role: 'viewer', zones: '*' },
    ]),
  ).toBe('ok')
  expect((await store.grants.of(h.person.id)).some((g) => g.account === EVERY_ACCOUNT)).toBe(false)
  hana = await sessionCookie(app, 'hana', h.password)
  expect((await searchOf(app).reader.round()).stoppedBy).toBeUndefined()
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  emulator.close()
  await store.close()
})

const search = async (cookie: string, query: string, account?: string) => {
  const res = await app.request(`/api/local/search/records?${query}`, { headers: { cookie, ...(account ? { [ACCOUNT_HEADER]: account } : {}) } })
  expect(res.status).toBe(200)
  return res
}
const page = async (cookie: string, query: string, account?: string) => ((await (await search(cookie, query, account)).json()) as { result: RecordSearchReply }).result

describe('one search across every account', () => {
  it('the reader read both client accounts through their own tokens: every zone of each, with its account', async () => {
    const all = await page(admin, `q=${STATUS}&field=content`)
    const byAccount = (id: string) => all.items.filter((m) => m.account_id === id)
    expect(byAccount(harbour.id).map((m) => m.zone_name)).toEqual(['harbourdental.co.uk'])
    expect(byAccount(foxFinch.id).map((m) => m.zone_name)).toEqual(['foxandfinch.com'])
    expect(byAccount(harbour.id)[0].account_name).toBe(harbour.name)
    const lines = all.coverage.accounts ?? []
    expect(lines.find((a) => a.account_id === harbour.id)).toMatchObject({ name: harbour.name, zones_in_scope: zonesOf(harbour.id).length, zones_not_read: 0 })
    expect(lines.find((a) => a.account_id === foxFinch.id)).toMatchObject({ name: foxFinch.name, zones_in_scope: zonesOf(foxFinch.id).length, zones_not_read: 0 })
  })

  it('a person with a grant in one account sees that account\u2019s matches and coverage only, and is told which account of theirs no credential reaches', async () => {
    const mine = await page(hana, `q=${STATUS}&field=content`, harbour.id)
    expect(mine.items.map((m) => m.zone_name)).toEqual(['harbourdental.co.uk'])
    expect(mine.total_count).toBe(1)
    const n = zonesOf(harbour.id).length
    expect(mine.coverage).toMatchObject({ zones_in_scope: n, zones_indexed: n, zones_not_read: 0, unreached: [{ account_id: meridian.id }] })
    expect(mine.coverage.accounts?.map((a) => a.account_id)).toEqual([harbour.id])
    // Every record, unfiltered: still Harbour's alone.
    const every = await page(hana, 'q=', harbour.id)
    expect(new Set(every.items.map((m) => m.account_id))).toEqual(new Set([harbour.id]))
    const csv = (await (await search(hana, 'q=&format=csv', harbour.id)).text()).split('\r\n')
    expect(csv[0]).toMatch(new RegExp(`^"?# Searched ${n} of ${n} zones \\(oldest read [^)]*\\)\\. Not searched, no credential of this dashboard reaches it: ${meridian.id}\\.`))
    expect(csv.slice(2).filter(Boolean).every((l) => l.endsWith(`,${harbour.name}`))).toBe(true)
  })
})
