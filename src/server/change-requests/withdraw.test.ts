import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Withdrawing a request, held at the server door for an API client that never sees the page: only its
 * requester, only while it is pending, and of two moves at once the store lets exactly one go on.
 * Also: who will approve it, by name, and approver changes audited by name.
 */
const Z = SEED_ZONES.demo
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}
const ids: Record<string, string> = {}

beforeAll(async () => {
  for (const [u, role] of [['ed', 'editor'], ['erin', 'editor'], ['otto', 'editor'], ['adm', 'admin']] as const) {
    ids[u] = (await addPerson(store, u, role, role === 'admin' ? '*' : [Z.name])).person.id
    as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  }
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const settings = (body: unknown) => call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, body)
const file = async (who: string, title: string) => {
  const r = await call<ChangeRequestView>(who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title, items: [{ action: 'create', body: { type: 'TXT', name: `wd-${title.replace(/\W/g, '')}`, content: '"x"', ttl: 300 } }] })
  expect(r.status).toBe(200)
  return r.result.id
}
const withdraw = (who: string, id: number) => call<ChangeRequestView>(who, 'POST', `/api/local/change-requests/${id}/withdraw`)
const statusOf = async (id: number) => (await store.changeRequests.get(id))!.status

describe('withdrawing a change request', () => {
  beforeAll(async () => {
    expect((await settings({ required: true, approverMode: 'editors' })).status).toBe(200)
  })

  it('is refused to anyone but its requester (an approver, an administrator), and leaves it pending', async () => {
    const id = await file('ed', 'Not yours')
    for (const who of ['erin', 'adm']) {
      const r = await withdraw(who, id)
      expect(r.status).toBe(403)
      expect(r.errors[0].message).toBe('Only the person who filed a request withdraws it.')
    }
    expect(await statusOf(id)).toBe('pending')
  })

  it('lets the requester withdraw a pending one, audited; then it can neither be approved nor withdrawn again', async () => {
    const id = await file('ed', 'Take back')
    const r = await withdraw('ed', id)
    expect(r.status).toBe(200)
    expect(r.result.status).toBe('withdrawn')
    const log = (await store.audit.list({ area: 'change-requests', action: 'withdraw' }, 1, 10)).entries.filter((e) => e.resourceId === String(id))
    expect(log.map((e) => [e.username, e.outcome])).toEqual([['ed', 'success']])
    const approve = await call('erin', 'POST', `/api/local/change-requests/${id}/approve`)
    expect(approve.status).toBe(409)
    const again = await withdraw('ed', id)
    expect(again.status).toBe(409)
    expect(again.errors[0].message).toBe('This request is withdrawn by its requester: only a request waiting for approval can be withdrawn.')
    const detail = await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${id}`)
    expect(detail.result).toMatchObject({ mayWithdraw: false, mayApprove: false, approvers: null })
  })

  it('refuses a request that is no longer pending (rejected)', async () => {
    const id = await file('ed', 'Too late')
    expect((await call('erin', 'POST', `/api/local/change-requests/${id}/reject`, { comment: 'no' })).status).toBe(200)
    const r = await withdraw('ed', id)
    expect(r.status).toBe(409)
    expect(await statusOf(id)).toBe('rejected')
  })

  it('lets exactly one of two moves at once go on: two withdrawals, or a withdrawal and an approval', async () => {
    const crs = store.changeRequests
    const a = await file('ed', 'Twice')
    const both = await Promise.all([crs.withdraw(a, 'ed'), crs.withdraw(a, 'ed')])
    expect(both.filter(Boolean)).toHaveLength(1)
    const b = await file('ed', 'Race')
    const [w, approved] = await Promise.all([crs.withdraw(b, 'ed'), crs.reserve(b, { personId: ids.erin, username: 'erin', personName: 'Erin' })])
    expect([w !== null, approved].filter(Boolean)).toHaveLength(1)
    expect(await statusOf(b)).toBe(w ? 'withdrawn' : 'applying')
    // The store itself refuses someone else's withdrawal, whichever door asks.
    const c = await file('ed', 'Store door')
    expect(await crs.withdraw(c, 'erin')).toBeNull()
    expect(await statusOf(c)).toBe('pending')
  })
})

describe('who will approve', () => {
  it('names the zone’s approvers on a pending request (never its requester), or any administrator', async () => {
    expect((await settings({ required: true, approverMode: 'editors' })).status).toBe(200)
    const id = await file('ed', 'Who approves')
    const editors = await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${id}`)
    expect(editors.result.approvers).toEqual({ anyAdmin: true, people: [{ username: 'erin', name: 'Erin' }, { username: 'otto', name: 'Otto' }] })
    expect(editors.result.mayWithdraw).toBe(true)
    expect((await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${id}`)).result.mayWithdraw).toBe(false)
    expect((await settings({ required: true, approverMode: 'named', approverIds: [ids.otto] })).status).toBe(200)
    expect((await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${id}`)).result.approvers).toEqual({ anyAdmin: true, people: [{ username: 'otto', name: 'Otto' }] })
    expect((await settings({ required: true, approverMode: 'admins' })).status).toBe(200)
    expect((await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${id}`)).result.approvers).toEqual({ anyAdmin: true, people: [] })
  })

  it('audits a change of approvers with their names, not only their ids', async () => {
    expect((await settings({ required: true, approverMode: 'named', approverIds: [ids.erin, ids.otto] })).status).toBe(200)
    const [entry] = (await store.audit.list({ area: 'change-requests', action: 'update' }, 1, 1)).entries
    expect((entry.after as { approvers: string[] }).approvers).toEqual(['Erin (erin)', 'Otto (otto)'])
    expect((await settings({ required: true, approverMode: 'named', approverIds: [ids.otto] })).status).toBe(200)
    const [next] = (await store.audit.list({ area: 'change-requests', action: 'update' }, 1, 1)).entries
    expect((next.before as { approvers: string[] }).approvers).toEqual(['Erin (erin)', 'Otto (otto)'])
    expect((next.after as { approvers: string[] }).approvers).toEqual(['Otto (otto)'])
  })
})
