import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchOf } from '../app'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { estateApp, storeClientTokens } from '../../testing/server/estate-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from '../emulator/estate/data'

/**
 * An entry's undo check and its undo act in the entry's own account, whatever account the page that
 * asks acts in: read and sent through the credential that reaches it, recorded under it (the
 * default account's entry under the default account, null), with the asker's grant there.
 */
const { store, app } = estateApp()
// Registered after the app's own teardown, so it runs first (before the store closes).
afterAll(() => searchOf(app).reader.stop())
const { harbour, foxFinch } = ESTATE_ACCOUNTS
const HARBOUR_ZONE = ESTATE_ZONES.find((z) => z.account.id === harbour.id)!
const DEMO = SEED_ZONES.demo
const cookies: Record<string, string> = {}

beforeAll(async () => {
  await storeClientTokens(store)
  cookies.ad = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
  // Dee: an editor of Fox & Finch alone.
  const dee = await addPerson(store, 'dee', 'viewer')
  expect(await store.grants.replace(dee.person.id, [{ account: foxFinch.id, role: 'editor', zones: '*' }])).toBe('ok')
  cookies.dee = await sessionCookie(app, 'dee', dee.password)
})

const headers = (who: string, account?: string) => ({ cookie: cookies[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account ? { [ACCOUNT_HEADER]: account } : {}) })
/** A record made through the API door from a page in `account` (none: the default account); its id and its entry's. */
async function made(zoneId: string, name: string, account?: string) {
  const res = await app.request(`/api/v4/zones/${zoneId}/dns_records`, { method: 'POST', headers: headers('ad', account), body: JSON.stringify({ type: 'A', name, content: '192.0.2.77', ttl: 300, proxied: false }) })
  expect(res.status, await res.clone().text()).toBe(200)
  return { id: ((await res.json()) as { result: { id: string } }).result.id, entry: Number(res.headers.get('x-zonekeeper-audit-id')) }
}
const status = async (zoneId: string, id: string, account?: string) => (await app.request(`/api/v4/zones/${zoneId}/dns_records/${id}`, { headers: headers('ad', account) })).status

describe('the undo check of another account\u2019s entry', () => {
  it('reads in the entry\u2019s account (no conflict where nothing changed), with the asker\u2019s grant there', async () => {
    const rec = await made(HARBOUR_ZONE.id, `check-me.${HARBOUR_ZONE.name}`, harbour.id)
    expect((await store.audit.get(rec.entry))?.account).toBe(harbour.id)
    // Asked from the default account's page, whose credential does not reach Harbour's zone.
    const res = await app.request(`/api/local/audit/${rec.entry}/undo-check`, { headers: headers('ad') })
    expect(res.status, await res.clone().text()).toBe(200)
    const check = ((await res.json()) as { result: { conflicts: unknown[]; request: { method: string } } }).result
    expect(check.conflicts).toEqual([])
    expect(check.request.method).toBe('DELETE')
    // No grant in Harbour: no such entry, as for the undo.
    expect((await app.request(`/api/local/audit/${rec.entry}/undo-check`, { headers: headers('dee', foxFinch.id) })).status).toBe(404)
  })
})

describe('the undo of a default-account entry, asked from another account\u2019s page', () => {
  it('is sent through the default credential and recorded under the default account', async () => {
    const rec = await made(DEMO.id, `undo-here.${DEMO.name}`)
    expect((await store.audit.get(rec.entry))?.account).toBeNull()
    const res = await app.request(`/api/local/audit/${rec.entry}/undo`, { method: 'POST', headers: headers('ad', harbour.id), body: '{}' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await status(DEMO.id, rec.id)).toBe(404)
    const undone = await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id')))
    expect(undone).toMatchObject({ undoOf: rec.entry, outcome: 'success', account: null })
  })
})
