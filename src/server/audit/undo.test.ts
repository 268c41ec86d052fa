import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()

const W = WRITE_HEADERS
const write = async (method: string, path: string, body?: unknown) => {
  const res = await app.request(`/api/v4${path}`, { method, headers: W, body: body === undefined ? undefined : JSON.stringify(body) })
  return { res, body: (await res.json()) as { result: Record<string, unknown> & { id: string } }, audit: Number(res.headers.get('x-zonekeeper-audit-id')) }
}
const get = async (path: string) => ((await (await app.request(`/api/v4${path}`)).json()) as { result: Record<string, unknown> }).result
const undo = (id: number, confirm?: boolean) =>
  app.request(`/api/local/audit/${id}/undo`, { method: 'POST', headers: W, body: JSON.stringify(confirm ? { confirm } : {}) })

describe('undo', () => {
  it('puts an updated record back and records the undo as an entry of its own', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'undo-me', content: '192.0.2.1', ttl: 300, proxied: false, comment: 'c', tags: ['team:a'] })
    const id = created.body.result.id
    const changed = await write('PATCH', `/zones/${Z}/dns_records/${id}`, { content: '192.0.2.2' })
    const res = await undo(changed.audit)
    expect(res.status).toBe(200)
    expect((await get(`/zones/${Z}/dns_records/${id}`)).content).toBe('192.0.2.1')
    const entry = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
    expect(entry).toMatchObject({ action: 'undo', undoOf: changed.audit, resourceId: id, outcome: 'success' })
    expect((await undo(changed.audit)).status).toBe(409) // once only
  })

  it('deletes a record it created', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'made-by-mistake', content: '192.0.2.4', ttl: 300 })
    expect((await store.audit.get(created.audit))!.resourceId).toBe(created.body.result.id)
    expect((await undo(created.audit)).status).toBe(200)
    expect((await app.request(`/api/v4/zones/${Z}/dns_records/${created.body.result.id}`)).status).toBe(404)
  })

  it('asks before undoing a record someone changed since, and goes on when confirmed', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'TXT', name: 'conflict', content: '"one"', ttl: 300 })
    const id = created.body.result.id
    const mine = await write('PATCH', `/zones/${Z}/dns_records/${id}`, { content: '"two"' })
    await write('PATCH', `/zones/${Z}/dns_records/${id}`, { content: '"three"' })
    const check = (await (await app.request(`/api/local/audit/${mine.audit}/undo-check`)).json()) as { result: { conflicts: { expected: { content: string }; current: { content: string } }[] } }
    expect(check.result.conflicts.map((c) => [c.expected.content, c.current.content])).toEqual([['"two"', '"three"']])
    expect((await undo(mine.audit)).status).toBe(409)
    expect((await undo(mine.audit, true)).status).toBe(200)
    expect((await get(`/zones/${Z}/dns_records/${id}`)).content).toBe('"one"')
  })

  it('brings a deleted record back with its fields (new id)', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'deleted-one', content: '192.0.2.3', ttl: 1, proxied: true, comment: 'keep', tags: ['env:prod'] })
    const gone = await write('DELETE', `/zones/${Z}/dns_records/${created.body.result.id}`)
    const res = await undo(gone.audit)
    const back = ((await res.json()) as { result: Record<string, unknown> }).result
    expect(back.id).not.toBe(created.body.result.id)
    expect(back).toMatchObject({ name: 'deleted-one.example.com', content: '192.0.2.3', ttl: 1, proxied: true, comment: 'keep', tags: ['env:prod'] })
  })

  it('undoes a bulk delete as a whole through the batch endpoint', async () => {
    const made = []
    for (let i = 0; i < 5; i++) made.push((await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: `bulk-${i}`, content: `192.0.2.${10 + i}`, ttl: 300 })).body.result)
    const bulk = await write('POST', `/zones/${Z}/dns_records/batch`, { deletes: made.map((r) => ({ id: r.id })) })
    expect(bulk.res.status).toBe(200)
    expect(await store.audit.restorePoint(bulk.audit)).toContain('bulk-0')
    const res = await undo(bulk.audit)
    expect(res.status).toBe(200)
    const entry = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
    expect(entry).toMatchObject({ action: 'undo', path: `/zones/${Z}/dns_records/batch` })
    const names = ((await get(`/zones/${Z}/dns_records?name.startswith=bulk-&per_page=50`)) as unknown as { name: string }[]).map((r) => r.name).sort()
    expect(names).toEqual([0, 1, 2, 3, 4].map((i) => `bulk-${i}.example.com`))
  })

  it('puts a page-security policy back, and re-creates a deleted one', async () => {
    const made = await write('POST', `/zones/${Z}/page_shield/policies`, { description: 'undo policy', action: 'log', expression: 'http.host eq "example.com"', enabled: false, value: "script-src 'self'" })
    const id = made.body.result.id
    const changed = await write('PUT', `/zones/${Z}/page_shield/policies/${id}`, { description: 'changed policy', enabled: true })
    expect((await undo(changed.audit)).status).toBe(200)
    expect(await get(`/zones/${Z}/page_shield/policies/${id}`)).toMatchObject({ description: 'undo policy', enabled: false })
    const gone = await app.request(`/api/v4/zones/${Z}/page_shield/policies/${id}`, { method: 'DELETE', headers: W })
    const res = await undo(Number(gone.headers.get('x-zonekeeper-audit-id')))
    expect(res.status).toBe(200)
    expect(((await res.json()) as { result: Record<string, unknown> }).result).toMatchObject({ description: 'undo policy', action: 'log', enabled: false })
  })

  it('puts the custom-fields ruleset back as it was before a replacement', async () => {
    const rule = { action: 'log_custom_field', expression: 'true', description: 'fields', action_parameters: { request_fields: [{ name: 'x-undo' }] } }
    const rs = (await write('POST', `/zones/${Z}/rulesets`, { name: 'default', kind: 'zone', phase: 'http_log_custom_fields', description: 'Custom fields', rules: [rule] })).body.result
    const before = await get(`/zones/${Z}/rulesets/${rs.id}`)
    const replaced = await write('PUT', `/zones/${Z}/rulesets/${rs.id}`, { description: 'emptied', rules: [] })
    expect(replaced.res.status).toBe(200)
    expect((await undo(replaced.audit)).status).toBe(200)
    const after = await get(`/zones/${Z}/rulesets/${rs.id}`)
    const exprs = (r: Record<string, unknown>) => ((r.rules as { expression: string }[] | undefined) ?? []).map((x) => x.expression)
    expect(exprs(after)).toEqual(['true'])
    expect(exprs(after)).toEqual(exprs(before))
    expect(after.description).toBe(before.description ?? '')
  })

  it('applies one of 8 concurrent undos of a delete; the others get 409 with who undid it', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'race-undo', content: '192.0.2.30', ttl: 300 })
    const gone = await write('DELETE', `/zones/${Z}/dns_records/${created.body.result.id}`)
    const answers = await Promise.all(Array.from({ length: 8 }, () => undo(gone.audit)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    const refused = (await answers.find((r) => r.status === 409)!.json()) as { errors: { message: string }[] }
    expect(refused.errors[0].message).toMatch(/Local administrator \(local\)/)
    expect((await get(`/zones/${Z}/dns_records?name=race-undo.example.com`)) as unknown as unknown[]).toHaveLength(1)
    const undos = (await store.audit.list({ action: 'undo' }, 1, 500)).entries.filter((e) => e.undoOf === gone.audit)
    expect(undos).toHaveLength(1)
    // And in sequence, later: still 409.
    const again = await undo(gone.audit)
    expect(again.status).toBe(409)
    expect(((await again.json()) as { errors: { message: string }[] }).errors[0].message).toContain('already undone by')
  })

  it('applies one of 8 concurrent undos of a policy delete', async () => {
    const made = await write('POST', `/zones/${Z}/page_shield/policies`, { description: 'race policy', action: 'log', expression: 'http.host eq "example.com"', enabled: false, value: "script-src 'self'" })
    const gone = await app.request(`/api/v4/zones/${Z}/page_shield/policies/${made.body.result.id}`, { method: 'DELETE', headers: W })
    const goneId = Number(gone.headers.get('x-zonekeeper-audit-id'))
    const answers = await Promise.all(Array.from({ length: 8 }, () => undo(goneId)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    const all = (await get(`/zones/${Z}/page_shield/policies?per_page=100`)) as unknown as { description: string }[]
    expect(all.filter((p) => p.description === 'race policy')).toHaveLength(1)
  })

  it('lets the undo be tried again when it did not go through', async () => {
    const created = await write('POST', `/zones/${Z}/dns_records`, { type: 'TXT', name: 'retry-undo', content: '"one"', ttl: 300 })
    const mine = await write('PATCH', `/zones/${Z}/dns_records/${created.body.result.id}`, { content: '"two"' })
    await write('PATCH', `/zones/${Z}/dns_records/${created.body.result.id}`, { content: '"three"' })
    expect((await undo(mine.audit)).status).toBe(409) // a conflict, not a reservation
    expect((await undo(mine.audit, true)).status).toBe(200)
  })

  it('brings a deleted CNAME back with its settings (flatten_cname)', async () => {
    const made = await write('POST', `/zones/${Z}/dns_records`, { type: 'CNAME', name: 'flat-gone', content: 'target.example.net', ttl: 300, proxied: false, settings: { flatten_cname: true }, comment: 'flat' })
    expect(made.body.result.settings).toMatchObject({ flatten_cname: true })
    const gone = await write('DELETE', `/zones/${Z}/dns_records/${made.body.result.id}`)
    const res = await undo(gone.audit)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as { result: Record<string, unknown> }).result).toMatchObject({ name: 'flat-gone.example.com', settings: { flatten_cname: true }, comment: 'flat' })
  })

  it('undoes a TTL change without touching the settings, and ignores later changes to fields it does not write', async () => {
    const made = await write('POST', `/zones/${Z}/dns_records`, { type: 'CNAME', name: 'flat-ttl', content: 'target.example.net', ttl: 300, proxied: false, settings: { flatten_cname: true } })
    const id = made.body.result.id
    const mine = await write('PATCH', `/zones/${Z}/dns_records/${id}`, { ttl: 600 })
    // Someone else adds a comment afterwards: the undo writes only the TTL, so no conflict.
    await write('PATCH', `/zones/${Z}/dns_records/${id}`, { comment: 'later, by someone else' })
    const check = (await (await app.request(`/api/local/audit/${mine.audit}/undo-check`)).json()) as { result: { conflicts: unknown[]; request: { method: string; body: unknown } } }
    expect(check.result.conflicts).toEqual([])
    expect(check.result.request).toMatchObject({ method: 'PATCH', body: { ttl: 300 } })
    expect((await undo(mine.audit)).status).toBe(200)
    expect(await get(`/zones/${Z}/dns_records/${id}`)).toMatchObject({ ttl: 300, settings: { flatten_cname: true }, comment: 'later, by someone else' })
  })

  it('sees a later change of the settings as a conflict when the undo would write them', async () => {
    const made = await write('POST', `/zones/${Z}/dns_records`, { type: 'CNAME', name: 'flat-conflict', content: 'target.example.net', ttl: 300, proxied: false })
    const id = made.body.result.id
    const mine = await write('PATCH', `/zones/${Z}/dns_records/${id}`, { ttl: 600, settings: { flatten_cname: true } })
    await write('PATCH', `/zones/${Z}/dns_records/${id}`, { settings: { flatten_cname: false } })
    const check = (await (await app.request(`/api/local/audit/${mine.audit}/undo-check`)).json()) as { result: { conflicts: { expected: Record<string, unknown>; current: Record<string, unknown> }[] } }
    expect(check.result.conflicts).toHaveLength(1)
    expect(check.result.conflicts[0].expected).toMatchObject({ settings: { flatten_cname: true } })
    expect(check.result.conflicts[0].current.settings).toBeUndefined()
    expect((await undo(mine.audit)).status).toBe(409)
  })
})
