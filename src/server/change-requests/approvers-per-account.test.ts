import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Context } from 'hono'
import { createStore } from '../store'
import type { StoredChangeRequest } from '../store/change-requests'
import type { ZoneApprovalSettings } from '../../shared/schemas/change-requests'
import { addPerson } from '../../testing/server/auth'
import { createMailer } from './mail'
import { changeRequestContext, FILING_LIMIT, MAIL_GROUP_MS } from './routes/context'

/**
 * Who approves a request is decided by each person's grant in the request's account, as the sign-in
 * gate decides an asker's rights: an agency's editor on client A is neither e-mailed nor named as an
 * approver of client B's request where they only view (or have no grant), and an editor only in B is.
 */
const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
const ZONE = 'client-b.test'
const store = createStore({ dataDir: ':memory:' })
const cr = changeRequestContext({
  store,
  forward: () => Promise.reject(new Error('nothing is sent here')),
  mail: createMailer({}),
  mode: 'sandbox',
  writer: { run: () => Promise.reject(new Error('nothing is written here')) },
  undo: () => Promise.reject(new Error('nothing is undone here')),
  instance: 'test',
  leaseMs: 60_000,
  filingLimit: FILING_LIMIT,
  mailGroupMs: MAIL_GROUP_MS,
})
const editors: ZoneApprovalSettings = { zoneId: 'c'.repeat(32), required: true, approverMode: 'editors', approverIds: [], reviewEveryone: false }
const request = (account: string | null) => ({ zoneName: ZONE, account, requester: { id: null, username: 'rex', name: 'Rex' } }) as unknown as StoredChangeRequest
const live = { get: () => undefined } as unknown as Context

beforeAll(async () => {
  await addPerson(store, 'root', 'admin')
  const rex = await addPerson(store, 'rex', 'editor')
  await store.people.update(rex.person.id, { email: { address: 'rex@example.test', source: 'admin' } })
  const grants = {
    // The agency's editor on A (every zone), only a viewer in B.
    ava: [{ account: A, role: 'editor', zones: '*' }, { account: B, role: 'viewer', zones: '*' }],
    // An editor on A with no grant in B.
    nob: [{ account: A, role: 'editor', zones: '*' }],
    // An editor everywhere by the every-account grant, whose grant in B makes them a viewer there.
    eve: [{ account: '*', role: 'editor', zones: '*' }, { account: B, role: 'viewer', zones: '*' }],
    // An editor only in B, on its zone.
    bel: [{ account: B, role: 'editor', zones: [ZONE] }],
  } as const
  for (const [u, gs] of Object.entries(grants)) {
    const p = await addPerson(store, u, 'viewer')
    await store.people.update(p.person.id, { email: { address: `${u}@example.test`, source: 'admin' } })
    expect(await store.grants.replace(p.person.id, gs.map((g) => ({ ...g, zones: g.zones === '*' ? '*' : [...g.zones] })))).toBe('ok')
  }
})
afterAll(() => store.close())

describe('approvers of a request, per account', () => {
  it('e-mails the editors of the request’s account (their grant there), not those of another', async () => {
    const inB = await cr.approverAddresses(editors, request(B))
    expect(inB).toContain('bel@example.test')
    for (const u of ['ava', 'nob', 'eve']) expect(inB).not.toContain(`${u}@example.test`)
    // The requester is never told of their own request.
    expect(inB).not.toContain('rex@example.test')
    const inA = await cr.approverAddresses(editors, request(A))
    for (const u of ['ava', 'nob', 'eve']) expect(inA).toContain(`${u}@example.test`)
    expect(inA).not.toContain('bel@example.test')
  })

  it('names on the request’s page the editors of its account only', async () => {
    const names = async (account: string) => (await cr.approversOf(live, editors, { ...request(account), status: 'pending' } as StoredChangeRequest)).people.map((p) => p.username)
    expect(await names(B)).toEqual(['bel'])
    expect(await names(A)).toEqual(['ava', 'eve', 'nob'])
  })
})
