import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * One undo, whichever door: a change request's write undone from the audit log shows on the request
 * (it is not left "applied" with an Undo that fails for good), and the request's own Undo then does
 * only what is left.
 */
const Z = SEED_ZONES.demo
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  await app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: { ...W, ...as.adm }, body: JSON.stringify({ required: true, approverMode: 'editors' }) })
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const names = async () => (await call<{ name: string }[]>('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).result.map((r) => r.name)
const policies = async () => (await call<{ description: string }[]>('adm', 'GET', `/api/v4/zones/${Z.id}/page_shield/policies`)).result.map((p) => p.description)
const txt = (name: string) => ({ action: 'create', body: { type: 'TXT', name, content: '"x"', ttl: 300 } })
const detail = async (id: number) => (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${id}`)).result
const fileAndApply = async (title: string, items: unknown[]) => {
  const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title, items })
  expect(filed.status).toBe(200)
  const applied = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
  expect(applied.result.status).toBe('applied')
  return applied.result
}

describe('undoing a change request from the audit log', () => {
  it("marks a DNS request undone when its batch is undone from the audit log; the request's Undo has nothing left", async () => {
    const r = await fileAndApply('Via the log', [txt('log-undo')])
    expect(await names()).toContain(`log-undo.${Z.name}`)
    const undone = await call('erin', 'POST', `/api/local/audit/${r.appliedEntryId}/undo`, {})
    expect(undone.status).toBe(200)
    expect(await names()).not.toContain(`log-undo.${Z.name}`)
    expect(await detail(r.id)).toMatchObject({ status: 'undone', mayUndo: false })
    const again = await call('erin', 'POST', `/api/local/change-requests/${r.id}/undo`, {})
    expect(again.status).toBe(409)
    expect(again.errors[0].message).toMatch(/undone: only an applied request can be undone/)
  })

  it('marks the undone write on a request of several writes; its own Undo then undoes the rest and ends undone', async () => {
    const policy = { kind: 'page_shield_policy', action: 'create', body: { description: 'log-undo policy', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" } }
    const r = await fileAndApply('Records and a policy', [txt('mixed-undo'), policy])
    const batchEntry = r.items[0].result!.entryId!
    expect(batchEntry).toBeGreaterThan(0)
    expect((await call('adm', 'POST', `/api/local/audit/${batchEntry}/undo`, {})).status).toBe(200)
    const half = await detail(r.id)
    expect(half.status).toBe('applied')
    expect(half.items[0].result?.undo?.status).toBe('undone')
    expect(half.mayUndo).toBe(true)
    const rest = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${r.id}/undo`, {})
    expect(rest.status).toBe(200)
    expect(rest.result.status).toBe('undone')
    expect(await names()).not.toContain(`mixed-undo.${Z.name}`)
    expect(await policies()).not.toContain('log-undo policy')
  })
})
