import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'
import { estateApp, storeClientTokens } from '../../testing/server/estate-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'

/**
 * Change requests per account, at the server door: the sandbox's agency accounts reached through their
 * own stored tokens (the emulator answers an account's zones only to a token bound to it). A request
 * records the account it was filed in, is seen and decided only there (with the asker's grant there),
 * and its apply and undo write through that account's credential, their audit entries saying so.
 */
const { store, app } = estateApp()
// B: the account the zone is in; A: another account of the agency's.
const { harbour: B, foxFinch: A } = ESTATE_ACCOUNTS
const Z = ESTATE_ZONES.find((z) => z.name === 'harbourdental.co.uk')!
const cookies: Record<string, string> = {}

beforeAll(async () => {
  await storeClientTokens(store)
  // An administrator of every account first (no account is ever left without one).
  await addPerson(store, 'ad', 'admin')
  // Ed proposes in B (on its one zone); Amy is an administrator in A and only a viewer in B; Bea administers B.
  const grants = {
    ed: [{ account: B.id, role: 'editor', zones: [Z.name] }],
    amy: [
      { account: A.id, role: 'admin', zones: '*' },
      { account: B.id, role: 'viewer', zones: '*' },
    ],
    bea: [{ account: B.id, role: 'admin', zones: '*' }],
  } as const
  for (const [u, gs] of Object.entries(grants)) {
    const p = await addPerson(store, u, 'viewer')
    expect(await store.grants.replace(p.person.id, gs.map((g) => ({ ...g, zones: g.zones === '*' ? '*' : [...g.zones] })))).toBe('ok')
    cookies[u] = await sessionCookie(app, u, p.password)
  }
})

const call = async <T = unknown>(who: string, method: string, path: string, account: string | undefined, body?: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { cookie: cookies[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account ? { [ACCOUNT_HEADER]: account } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const CR = '/api/local/change-requests'
const record = { type: 'TXT', name: `per-account.${Z.name}`, content: '"filed in B"', ttl: 300 }
/** The zone's records as B's own token reads them at the emulator. */
const recordsInB = async () => {
  const res = await app.request(`/api/v4/zones/${Z.id}/dns_records?per_page=500`, { headers: { cookie: cookies.bea, [ACCOUNT_HEADER]: B.id } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: { id: string; name: string }[] }).result
}

describe('change requests per account', () => {
  let id = 0

  it('B’s administrator turns approval on for B’s zone, asking in B (its name read through B’s credential)', async () => {
    // The first look at the zone from B: read through B's credential (no other one reaches it).
    const first = await call<{ required: boolean }>('bea', 'GET', `${CR}/zones/${Z.id}`, B.id)
    expect(first.status, JSON.stringify(first.errors)).toBe(200)
    expect(first.result.required).toBe(false)
    const set = await call('bea', 'PUT', `${CR}/zones/${Z.id}`, B.id, { required: true, approverMode: 'editors' })
    expect(set.status, JSON.stringify(set.errors)).toBe(200)
    expect(await store.changeRequests.zone(Z.id)).toMatchObject({ required: true, approverMode: 'editors' })
    const seen = await call<{ mayPropose: boolean }>('ed', 'GET', `${CR}/zones/${Z.id}`, B.id)
    expect(seen.status, JSON.stringify(seen.errors)).toBe(200)
    expect(seen.result.mayPropose).toBe(true)
  })

  it('asked in A, B’s zone is not there: its approval settings are neither shown nor changed, and nothing is filed on it (its name known already)', async () => {
    // Bea's change above made B's zone's name known to the server: that must not make it A's zone.
    const seen = await call('amy', 'GET', `${CR}/zones/${Z.id}`, A.id)
    expect(seen.status).toBe(404)
    expect(seen.result).toBeFalsy()
    const set = await call('amy', 'PUT', `${CR}/zones/${Z.id}`, A.id, { required: false, approverMode: 'editors' })
    expect(set.status).toBe(404)
    expect(await store.changeRequests.zone(Z.id)).toMatchObject({ required: true })
    const filed = await call('amy', 'POST', CR, A.id, { zoneId: Z.id, title: 'In the wrong account', items: [{ action: 'create', body: record }] })
    expect(filed.status).toBe(404)
    expect((await store.changeRequests.list({ zones: '*' })).some((r) => r.title === 'In the wrong account')).toBe(false)
    // In B, where the zone is, its administrator still reads the settings (through B's credential).
    expect((await call('bea', 'GET', `${CR}/zones/${Z.id}`, B.id)).status).toBe(200)
  })

  it('a request filed in B records B (its zone and records read through B’s credential)', async () => {
    const filed = await call<ChangeRequestView>('ed', 'POST', CR, B.id, { zoneId: Z.id, title: 'Add a TXT', items: [{ action: 'create', body: record }] })
    expect(filed.status, JSON.stringify(filed.errors)).toBe(200)
    id = filed.result.id
    expect((await store.changeRequests.get(id))?.account).toBe(B.id)
  })

  it('an administrator of A, asking in A, neither lists, sees nor approves B’s request; in B, where they view, approving is refused', async () => {
    const listed = await call<ChangeRequestView[]>('amy', 'GET', CR, A.id)
    expect(listed.status).toBe(200)
    expect(listed.result.map((r) => r.id)).not.toContain(id)
    const summary = await call<{ toApprove: number }>('amy', 'GET', `${CR}/summary`, A.id)
    expect(summary.result.toApprove).toBe(0)
    expect((await call('amy', 'GET', `${CR}/${id}`, A.id)).status).toBe(404)
    expect((await call('amy', 'POST', `${CR}/${id}/approve`, A.id)).status).toBe(404)
    expect((await call('amy', 'POST', `${CR}/${id}/reject`, A.id, { comment: 'no' })).status).toBe(404)
    const asViewer = await call('amy', 'POST', `${CR}/${id}/approve`, B.id)
    expect(asViewer.status).toBe(403)
    expect((await store.changeRequests.get(id))?.status).toBe('pending')
    expect((await recordsInB()).some((r) => r.name === record.name)).toBe(false)
  })

  it('an administrator of B, asking in B, applies it through B’s credential; the entries say B; the undo too', async () => {
    const listed = await call<ChangeRequestView[]>('bea', 'GET', CR, B.id)
    expect(listed.result.map((r) => r.id)).toContain(id)
    const approved = await call<ChangeRequestView>('bea', 'POST', `${CR}/${id}/approve`, B.id)
    expect(approved.status, JSON.stringify(approved.errors)).toBe(200)
    // The emulator answers B's zone only to B's token: the batch went through it.
    expect(approved.result.status).toBe('applied')
    expect((await recordsInB()).some((r) => r.name === record.name)).toBe(true)
    const batch = await store.audit.get(approved.result.appliedEntryId!)
    expect(batch).toMatchObject({ outcome: 'success', account: B.id })
    const outcome = (await store.audit.list({ account: B.id })).entries.find((e) => e.area === 'change-requests' && e.action === 'apply' && e.resourceId === String(id))
    expect(outcome).toBeTruthy()
    // Undone in A: no such request there; in B: through B's token again.
    expect((await call('amy', 'POST', `${CR}/${id}/undo`, A.id, { confirm: true })).status).toBe(404)
    const undone = await call<ChangeRequestView>('bea', 'POST', `${CR}/${id}/undo`, B.id, { confirm: true })
    expect(undone.status, JSON.stringify(undone.errors)).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect((await recordsInB()).some((r) => r.name === record.name)).toBe(false)
    const undoEntry = (await store.audit.list({})).entries.find((e) => e.undoOf === approved.result.appliedEntryId)
    expect(undoEntry?.account).toBe(B.id)
  })
})

describe('change requests per account, through one credential that reaches both', () => {
  // The agency's user token reaches A and B alike: reading B's zone through it succeeds, but the zone is not A's.
  const agency = SANDBOX_TOKENS.find((t) => t.accounts.includes(A.id) && t.accounts.includes(B.id))!
  const two = estateApp()
  let amy = ''
  const ask = async (method: string, path: string, body?: unknown) => {
    const res = await two.app.request(path, {
      method,
      headers: { cookie: amy, 'x-zonekeeper-request': '1', 'content-type': 'application/json', [ACCOUNT_HEADER]: A.id },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, json: (await res.json()) as { result: unknown } }
  }
  beforeAll(async () => {
    await two.store.credentials.add({
      label: 'Agency token',
      credential: { kind: 'token', token: agency.value },
      check: { accounts: [A, B].map((x) => ({ id: x.id, name: x.name })), policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    await addPerson(two.store, 'ad', 'admin')
    const p = await addPerson(two.store, 'amy', 'viewer')
    expect(await two.store.grants.replace(p.person.id, [{ account: A.id, role: 'admin', zones: '*' }])).toBe('ok')
    amy = await sessionCookie(two.app, 'amy', p.password)
  })

  it('asked in A, B’s zone is read but is not A’s: its settings are neither shown nor changed, nothing is filed on it', async () => {
    expect((await ask('GET', `${CR}/zones/${Z.id}`)).status).toBe(404)
    expect((await ask('PUT', `${CR}/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(404)
    expect((await two.store.changeRequests.zone(Z.id)).required).toBe(false)
    expect((await ask('POST', CR, { zoneId: Z.id, title: 'Filed in A', items: [{ action: 'create', body: record }] })).status).toBe(404)
    expect(await two.store.changeRequests.list({ zones: '*' })).toEqual([])
    // A's own zone, through the same token, is there.
    const own = ESTATE_ZONES.find((z) => z.account.id === A.id)!
    expect((await ask('GET', `${CR}/zones/${own.id}`)).status).toBe(200)
  })
})
