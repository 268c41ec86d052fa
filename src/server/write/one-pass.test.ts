import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appliedRequestOf } from '../../shared/audit'
import { dnsRecordsBatchSchema } from '../../shared/schemas/dns-records-batch'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'

/**
 * A write is one pass through the request pipeline, whoever makes it: the HTTP door, a change
 * request's apply, an undo. Counted where a pass starts (the app's fetch: every request the app
 * answers, an in-process one included) and where a write command sends (its write-ahead record, one
 * per write that goes out), and the body's validation by its endpoint's schema.
 */
const Z = SEED_ZONES.demo
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  await app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name: 'one-pass', content: '192.0.2.1', ttl: 300 }) })
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
})
afterEach(() => void vi.restoreAllMocks())

/** What one call costs: passes through the pipeline, writes sent by a write command, validations of each schema. */
async function counted(send: () => Response | Promise<Response>) {
  const passes = vi.spyOn(app, 'fetch')
  const sent = vi.spyOn(store.audit.pending, 'begin')
  const record = vi.spyOn(dnsRecordInputSchema, 'safeParse')
  const batch = vi.spyOn(dnsRecordsBatchSchema, 'safeParse')
  const res = await send()
  const counts = { passes: passes.mock.calls.length, writesSent: sent.mock.calls.length, recordValidated: record.mock.calls.length, batchValidated: batch.mock.calls.length }
  vi.restoreAllMocks()
  return { res, json: (await res.json()) as { success: boolean; result: Record<string, unknown>; errors: { message: string }[] }, counts }
}

const call = (who: string, method: string, path: string, body?: unknown) =>
  app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
const recordNamed = async (name: string) => {
  const list = (await (await call('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).json()) as { result: { id: string; name: string; content: string }[] }
  return list.result.find((r) => r.name === `${name}.${Z.name}`)
}

describe('a write is one pass through the pipeline', () => {
  it('a DNS create through the dashboard door: one pass, one write sent, its body validated once', async () => {
    const { res, json, counts } = await counted(() => call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'created-once', content: '192.0.2.7', ttl: 300 }))
    expect(res.status, JSON.stringify(json)).toBe(200)
    expect(counts).toEqual({ passes: 1, writesSent: 1, recordValidated: 1, batchValidated: 0 })
    expect(Number(res.headers.get('x-zonekeeper-audit-id'))).toBeGreaterThan(0)
  })

  it("approving a change request: one pass for the approval, its DNS batch one write command within it (no second HTTP pass), the entry naming the request", async () => {
    expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
    const target = (await recordNamed('one-pass'))!
    const filed = (await (await call('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Counted', reason: 'testing', items: [{ action: 'update', recordId: target.id, body: { content: '192.0.2.2' } }] })).json()) as { result: { id: number } }
    const { res, json, counts } = await counted(() => call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`, {}))
    expect(res.status, JSON.stringify(json)).toBe(200)
    expect(json.result).toMatchObject({ status: 'applied' })
    expect(counts).toMatchObject({ passes: 1, writesSent: 1, batchValidated: 1 })
    expect((await recordNamed('one-pass'))!.content).toBe('192.0.2.2')
    // The batch's entry is the approver's, on behalf of the request (an argument of the command, not a header).
    const entry = (await store.audit.get(json.result.appliedEntryId as number))!
    expect(entry).toMatchObject({ action: 'batch', username: 'erin' })
    expect(appliedRequestOf(entry)).toMatchObject({ id: filed.result.id, requester: { username: 'ed' }, approver: { username: 'erin' } })

    // Its undo: one pass too (it was three: the request's undo, the audit log's undo, its write), the
    // approval guard letting the approver's undo through by the entry it undoes.
    const undone = await counted(() => call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {}))
    expect(undone.res.status, JSON.stringify(undone.json)).toBe(200)
    expect(undone.json.result).toMatchObject({ status: 'undone' })
    expect(undone.counts).toMatchObject({ passes: 1, writesSent: 1 })
    expect((await recordNamed('one-pass'))!.content).toBe('192.0.2.1')
  })

  it("the audit log's undo: one pass, its write an entry of its own naming the undone entry", async () => {
    const made = await call('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'undo-once', content: '192.0.2.9', ttl: 300 })
    const entry = made.headers.get('x-zonekeeper-audit-id')
    const { res, json, counts } = await counted(() => call('adm', 'POST', `/api/local/audit/${entry}/undo`, {}))
    expect(res.status, JSON.stringify(json)).toBe(200)
    expect(counts).toMatchObject({ passes: 1, writesSent: 1 })
    const own = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
    expect(own).toMatchObject({ action: 'undo', undoOf: Number(entry), username: 'adm' })
    expect(await recordNamed('undo-once')).toBeUndefined()
  })

  it("a practice copy's approval: one pass, its write landing in the person's copy (the request's target, an argument)", async () => {
    const practise = async (on: boolean) => expect((await call('ed', 'POST', '/api/local/practice', { practice: on })).status).toBe(200)
    await practise(true)
    expect((await call('ed', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true })).status).toBe(200)
    const filed = (await (await call('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Practised', reason: 'testing', items: [{ action: 'create', body: { type: 'TXT', name: 'practised-once', content: '"x"', ttl: 300 } }] })).json()) as { result: { id: number } }
    const { res, json, counts } = await counted(() => call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/approve`, {}))
    expect(res.status, JSON.stringify(json)).toBe(200)
    expect(json.result).toMatchObject({ status: 'applied' })
    expect(counts).toMatchObject({ passes: 1, writesSent: 1, batchValidated: 1 })
    expect((await store.audit.get(json.result.appliedEntryId as number))!).toMatchObject({ mode: 'practice', action: 'batch' })
    await practise(false)
    expect(await recordNamed('practised-once')).toBeUndefined()
  })
})
