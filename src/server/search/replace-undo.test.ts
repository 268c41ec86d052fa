import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchOf } from '../app'
import { EVERY_ACCOUNT } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import type { ReplaceZoneResult } from '../../shared/schemas/record-replace'
import { estateApp, storeClientTokens } from '../../testing/server/estate-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from '../emulator/estate/data'

/**
 * The replace dialog's per-zone undo goes through the audit log's undo route with the PAGE's account
 * (its header), not the zone's: the route undoes an entry in the entry's own account (its `account`
 * column), through the credential that reaches it and with the asker's grant there.
 */
const { store, app } = estateApp()
// Registered after the app's own teardown, so it runs first (before the store closes).
afterAll(() => searchOf(app).reader.stop())
const { harbour, foxFinch } = ESTATE_ACCOUNTS
const Z = ESTATE_ZONES.find((z) => z.name === 'harbourdental.co.uk')!
/** The agency's status page, in every client account's main zone. */
const STATUS = '198.51.100.250'
const cookies: Record<string, string> = {}

beforeAll(async () => {
  await storeClientTokens(store)
  cookies.ad = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
  // Dee: an editor of Fox & Finch alone. Vic: an editor everywhere but a viewer in Harbour.
  const dee = await addPerson(store, 'dee', 'viewer')
  expect(await store.grants.replace(dee.person.id, [{ account: foxFinch.id, role: 'editor', zones: '*' }])).toBe('ok')
  cookies.dee = await sessionCookie(app, 'dee', dee.password)
  const vic = await addPerson(store, 'vic', 'viewer')
  expect(await store.grants.replace(vic.person.id, [{ account: EVERY_ACCOUNT, role: 'editor', zones: '*' }, { account: harbour.id, role: 'viewer', zones: '*' }])).toBe('ok')
  cookies.vic = await sessionCookie(app, 'vic', vic.password)
  expect((await searchOf(app).reader.round()).stoppedBy).toBeUndefined()
})

const post = (who: string, path: string, body: unknown, account?: string) =>
  app.request(path, { method: 'POST', headers: { cookie: cookies[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account ? { [ACCOUNT_HEADER]: account } : {}) }, body: JSON.stringify(body) })
/** Harbour's zone's contents as Harbour's own token reads them (the emulator answers no other). */
const contents = async () => {
  const res = await app.request(`/api/v4/zones/${Z.id}/dns_records?per_page=500`, { headers: { cookie: cookies.ad, [ACCOUNT_HEADER]: harbour.id } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: { content: string }[] }).result.map((r) => r.content)
}
const replace = async (from: string, to: string): Promise<ReplaceZoneResult> => {
  const res = await post('ad', `/api/local/search/replace/zones/${Z.id}`, { selection: { mode: 'search', q: from, field: 'content' }, change: { action: 'replace', content: to } })
  const result = ((await res.json()) as { result: ReplaceZoneResult }).result
  expect(result.outcome).toBe('applied')
  expect(await contents()).toContain(to)
  return result
}

describe('undoing a change in another account\u2019s zone, from a page in another account', () => {
  it('is undone in the entry\u2019s account, through its credential; its own entry says so', async () => {
    const NEW = '198.51.100.252'
    const { audit_ids: [id] } = await replace(STATUS, NEW)
    expect((await store.audit.get(id))?.account).toBe(harbour.id)
    // No header: the page acts in the default account, whose credential does not reach Harbour's zone.
    const res = await post('ad', `/api/local/audit/${id}/undo`, {})
    expect(res.status, await res.clone().text()).toBe(200)
    const now = await contents()
    expect(now).toContain(STATUS)
    expect(now).not.toContain(NEW)
    const undoEntry = (await store.audit.list({})).entries.find((e) => e.undoOf === id)
    expect(undoEntry).toMatchObject({ outcome: 'success', account: harbour.id })
  })

  it('with the asker\u2019s grant in that account: none there is no such entry, a viewer there may not undo', async () => {
    const NEW = '198.51.100.253'
    const { audit_ids: [id] } = await replace(STATUS, NEW)
    // Asked from Fox & Finch, the one account Dee has a grant in.
    expect((await post('dee', `/api/local/audit/${id}/undo`, {}, foxFinch.id)).status).toBe(404)
    const vic = await post('vic', `/api/local/audit/${id}/undo`, {})
    expect(vic.status).toBe(403)
    expect(await contents()).toContain(NEW)
    // Still undoable by someone who may: nothing was reserved by the refusals.
    expect((await post('ad', `/api/local/audit/${id}/undo`, {}, foxFinch.id)).status).toBe(200)
    expect(await contents()).toContain(STATUS)
  })
})
