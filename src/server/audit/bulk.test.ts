import { describe, expect, it } from 'vitest'
import { auditTestApp } from '../../testing/audit-app'
import { BULK_CHARS, type NewAuditEntry } from '../store'

/** Lists and the CSV leave bulk before/after out, and the CSV comes in slices. */
const { app, store } = auditTestApp()

const records = (n: number) => ({ records: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, type: 'A', name: `host-${i}.example.com`, content: '192.0.2.1', ttl: 300 })) })
const entry = (over: Partial<NewAuditEntry>): NewAuditEntry => ({
  at: Date.now(), requestId: 'r', personId: null, username: 'local', personName: 'Local administrator', mode: 'sandbox', zoneId: null, zoneName: null,
  area: 'dns', resourceType: 'dns_records', resourceId: null, action: 'import', method: 'POST', path: '/zones/z/dns_records/import',
  outcome: 'success', status: 200, errors: [], before: null, after: null, undoOf: null, ...over,
})

describe('bulk entries in lists and the CSV', () => {
  it('leaves a bulk before and after out of the list and the CSV, and serves them whole on the entry', async () => {
    const big = records(20_000) // about 1.5 MB of JSON
    const bulkIds: number[] = []
    for (let i = 0; i < 3; i++) bulkIds.push(await store.audit.add(entry({ before: big, after: big, label: `import ${i}` })))
    const small = await store.audit.add(entry({ resourceType: 'dns_record', action: 'update', before: { content: 'a' }, after: { content: 'b' } }))

    const list = await app.request('/api/local/audit?per_page=500')
    const text = await list.text()
    expect(text.length).toBeLessThan(100_000)
    const listed = (JSON.parse(text) as { result: { id: number; before: unknown; omitted: { before: number } | null }[] }).result
    const bulk = listed.find((e) => e.id === bulkIds[0])!
    expect(bulk.before).toBeNull()
    expect(bulk.omitted!.before).toBeGreaterThan(BULK_CHARS)
    expect(listed.find((e) => e.id === small)).toMatchObject({ before: { content: 'a' }, omitted: null })

    const one = (await (await app.request(`/api/local/audit/${bulkIds[0]}`)).json()) as { result: { entry: { before: { records: unknown[] } } } }
    expect(one.result.entry.before.records).toHaveLength(20_000)

    const csv = await app.request('/api/local/audit/export.csv')
    expect(csv.headers.get('x-zonekeeper-total-entries')).toBe('4')
    const body = await csv.text()
    expect(body.length).toBeLessThan(100_000)
    expect(body).toContain(`MB left out of the export: GET /api/local/audit/${bulkIds[0]}`)
    expect(body.trim().split('\r\n')).toHaveLength(5)
  })

  it('writes the CSV of many entries in slices, every entry once, newest first', async () => {
    for (let i = 0; i < 450; i++) await store.audit.add(entry({ resourceType: 'dns_record', action: 'create', label: `A many-${i}.example.com`, after: { n: i } }))
    const res = await app.request('/api/local/audit/export.csv?action=create')
    const reader = res.body!.getReader()
    let chunks = 0
    let text = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      chunks++
      text += new TextDecoder().decode(value)
    }
    expect(chunks).toBeGreaterThanOrEqual(3)
    const lines = text.trim().split('\r\n').slice(1)
    expect(lines).toHaveLength(450)
    const ids = lines.map((l) => Number(l.split(',')[0]))
    expect(new Set(ids).size).toBe(450)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  })
})
