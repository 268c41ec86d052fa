import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { API_ENDPOINTS } from '../../shared/endpoints'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { callTable } from '../emulator/table-routes'

const Z = SEED_ZONES.demo.id
const { app, emulator } = auditTestApp()

afterEach(() => void vi.restoreAllMocks())

/**
 * The work one request costs, counted where it is done: the body's JSON.parse, the endpoint schema's
 * zod validation, and the sandbox's own routing (its Hono router) of any request, the reads the
 * audit, the zone names and an undo's check send on the request's behalf included.
 */
async function counted(send: () => Response | Promise<Response>, body: string) {
  // The emulator's router picks its implementation on its first match: warm it up before spying.
  await emulator.app.request(`/zones/${Z}/dns_records?per_page=1`)
  const parse = vi.spyOn(JSON, 'parse')
  const validate = vi.spyOn(dnsRecordInputSchema, 'safeParse')
  const routed = vi.spyOn(emulator.app.router, 'match')
  const res = await send()
  const answer = await res.clone().text()
  const counts = {
    parsed: parse.mock.calls.filter(([text]) => text === body).length,
    answerParsed: parse.mock.calls.filter(([text]) => text === answer).length,
    validated: validate.mock.calls.length,
    routedBySandbox: routed.mock.calls.length,
  }
  vi.restoreAllMocks()
  return { res, answer, counts }
}

describe('the request pipeline does each thing once', () => {
  it('a DNS create through the dashboard door: its body parsed and validated once, not routed again by the sandbox', async () => {
    const body = JSON.stringify({ type: 'A', name: 'counted-once', content: '192.0.2.77', ttl: 300 })
    const { res, answer, counts } = await counted(
      () => app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: WRITE_HEADERS, body }),
      body,
    )
    expect(res.status, answer).toBe(200)
    expect(JSON.parse(answer)).toMatchObject({ success: true, result: { name: 'counted-once.example.com', content: '192.0.2.77' } })
    expect(counts).toEqual({ parsed: 1, answerParsed: 1, validated: 1, routedBySandbox: 0 })
  })

  it("an undo: its write's answer parsed once, for the audit and the checklist alike (not again by the undo's own request)", async () => {
    const write = (method: string, path: string, body: unknown) =>
      app.request(`/api/v4${path}`, { method, headers: WRITE_HEADERS, body: JSON.stringify(body) })
    const made = (await (await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'undo-counted', content: '192.0.2.78', ttl: 300 })).json()) as { result: { id: string } }
    const changed = await write('PATCH', `/zones/${Z}/dns_records/${made.result.id}`, { content: '192.0.2.79' })
    const entry = changed.headers.get('x-zonekeeper-audit-id')
    const { res, answer, counts } = await counted(
      () => app.request(`/api/local/audit/${entry}/undo`, { method: 'POST', headers: WRITE_HEADERS, body: '{}' }),
      '{}',
    )
    expect(res.status, answer).toBe(200)
    expect(JSON.parse(answer)).toMatchObject({ success: true, result: { content: '192.0.2.78' } })
    expect(counts).toMatchObject({ answerParsed: 1, routedBySandbox: 0 })
  })

  it("a DNS change and a delete: the audit's before reads go straight to the table's handlers, not through the sandbox's routes", async () => {
    const made = (await (
      await app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify({ type: 'A', name: 'read-direct', content: '192.0.2.80', ttl: 300 }) })
    ).json()) as { result: { id: string } }
    const patch = JSON.stringify({ content: '192.0.2.81' })
    const changed = await counted(
      () => app.request(`/api/v4/zones/${Z}/dns_records/${made.result.id}`, { method: 'PATCH', headers: WRITE_HEADERS, body: patch }),
      patch,
    )
    expect(changed.res.status, changed.answer).toBe(200)
    expect(changed.counts).toMatchObject({ parsed: 1, answerParsed: 1, routedBySandbox: 0 })
    const entry = changed.res.headers.get('x-zonekeeper-audit-id')
    const recorded = (await (await app.request(`/api/local/audit/${entry}`)).json()) as { result: { entry: { before: { content: string }; after: { content: string } } } }
    expect(recorded.result.entry).toMatchObject({ before: { content: '192.0.2.80' }, after: { content: '192.0.2.81' } })
    const removed = await counted(() => app.request(`/api/v4/zones/${Z}/dns_records/${made.result.id}`, { method: 'DELETE', headers: WRITE_HEADERS }), '')
    expect(removed.res.status, removed.answer).toBe(200)
    expect(removed.counts.routedBySandbox).toBe(0)
  })

  it("a batch that deletes: each record's before and the zone's BIND export read straight from the table's handlers", async () => {
    const create = (name: string) =>
      app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify({ type: 'A', name, content: '192.0.2.82', ttl: 300 }) })
    const ids = await Promise.all(['batch-direct-1', 'batch-direct-2'].map(async (n) => ((await (await create(n)).json()) as { result: { id: string } }).result.id))
    const body = JSON.stringify({ deletes: ids.map((id) => ({ id })) })
    const { res, answer, counts } = await counted(() => app.request(`/api/v4/zones/${Z}/dns_records/batch`, { method: 'POST', headers: WRITE_HEADERS, body }), body)
    expect(res.status, answer).toBe(200)
    expect(counts).toMatchObject({ parsed: 1, routedBySandbox: 0 })
    const entry = res.headers.get('x-zonekeeper-audit-id')
    const recorded = (await (await app.request(`/api/local/audit/${entry}`)).json()) as { result: { entry: { before: { records: { id: string }[] } } } }
    expect(recorded.result.entry.before.records.map((r) => r.id).sort()).toEqual([...ids].sort())
    const restore = await app.request(`/api/local/audit/${entry}/restore-point`)
    expect(await restore.text()).toContain('batch-direct-1')
  })

  it("an undo's check reads the objects as they are now straight from the table's handlers", async () => {
    const made = (await (
      await app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify({ type: 'A', name: 'check-direct', content: '192.0.2.83', ttl: 300 }) })
    ).json()) as { result: { id: string } }
    const changed = await app.request(`/api/v4/zones/${Z}/dns_records/${made.result.id}`, { method: 'PATCH', headers: WRITE_HEADERS, body: JSON.stringify({ content: '192.0.2.84' }) })
    const entry = changed.headers.get('x-zonekeeper-audit-id')
    const { res, answer, counts } = await counted(() => app.request(`/api/local/audit/${entry}/undo-check`), '')
    expect(res.status, answer).toBe(200)
    expect(JSON.parse(answer)).toMatchObject({ success: true, result: { conflicts: [] } })
    expect(counts.routedBySandbox).toBe(0)
  })

  it('the sandbox still checks what the door let through with its own rules (a duplicate CNAME name is refused)', async () => {
    const body = JSON.stringify({ type: 'CNAME', name: 'www', content: 'elsewhere.example.net', ttl: 300 })
    const { res, answer } = await counted(
      () => app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: WRITE_HEADERS, body }),
      body,
    )
    expect(res.status, answer).toBe(400)
    expect(JSON.parse(answer).success).toBe(false)
  })

  it('an API client at /client/v4 is validated by the sandbox itself, with the same errors as before', async () => {
    const body = JSON.stringify({ type: 'A', name: 'client-bad', content: 'not-an-address', ttl: 300 })
    const headers = { authorization: 'Bearer sandbox-token', 'content-type': 'application/json' }
    const { res, answer, counts } = await counted(
      () => app.request(`/client/v4/zones/${Z}/dns_records`, { method: 'POST', headers, body }),
      body,
    )
    expect(res.status, answer).toBe(400)
    const direct = await emulator.app.request(`/zones/${Z}/dns_records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect(JSON.parse(answer)).toEqual(await direct.json())
    expect(counts.validated).toBe(1)
  })
})

describe('a call straight to a handler of the table', () => {
  const full = memoryEmulator({ scaleZones: false })
  afterAll(() => full.close())
  const SAMPLE: Record<string, string> = { zone_id: Z, phase: 'http_log_custom_fields', dataset_id: 'http_requests', job_id: '1' }
  const concrete = (path: string) => path.replace(/:([a-z_]+)/g, (_, name: string) => SAMPLE[name] ?? 'f'.repeat(32))
  const outcome = async (res: Response) => {
    const body = (await res.json().catch(() => ({}))) as { success?: boolean; errors?: { code: number }[] }
    return { status: res.status, success: body.success, codes: (body.errors ?? []).map((e) => e.code) }
  }

  it.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s: answers as the sandbox routed through its app does', async (_key, e) => {
    const path = concrete(e.path)
    const body = e.method === 'GET' ? undefined : new TextEncoder().encode('{"name": 7}')
    const direct = callTable(full.app, { method: e.method, pathAndQuery: path, contentType: 'application/json', body, matched: { endpoint: e } })
    if (!direct) return // not moved to the table yet: it goes through the app's routes
    const routed = await full.app.request(path, { method: e.method, headers: { 'content-type': 'application/json' }, body })
    expect(await outcome(await direct)).toEqual(await outcome(routed))
  })
})
