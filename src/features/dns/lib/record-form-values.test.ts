import { describe, expect, it } from 'vitest'
import { normaliseRecordInput } from '@/shared/dns/normalise'
import { DATA_TYPES } from '@/shared/dns/record-types'
import { dnsRecordInputSchema, type DnsRecord, type DnsRecordInput } from '@/shared/schemas/dns-record'
import { DATA_FIELD_SPECS } from './data-field-specs'
import { emptyRecordValues, recordFieldPaths, recordToFormValues, switchRecordType, toRecordInput, type RecordFormValues } from './record-form-values'

const parse = (v: RecordFormValues) => dnsRecordInputSchema.safeParse(toRecordInput(v))
const issuesAt = (v: RecordFormValues) => (parse(v).error?.issues ?? []).map((i) => i.path.join('.'))

const withExamples = (type: (typeof DATA_TYPES)[number]): RecordFormValues => ({
  ...emptyRecordValues(type),
  name: type === 'SRV' ? '_sip._tcp' : 'svc',
  priority: 10,
  data: Object.fromEntries(DATA_FIELD_SPECS[type].map((s) => [s.key, s.example])),
})

describe('data fields per type', () => {
  it.each(DATA_TYPES)('%s: the example values of its fields make a valid record', (type) => {
    const r = parse(withExamples(type))
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true)
  })

  it.each(DATA_TYPES)('%s: every number field left empty is reported on that field', (type) => {
    for (const spec of DATA_FIELD_SPECS[type].filter((s) => s.kind === 'int' || s.kind === 'number')) {
      const v = withExamples(type)
      v.data[spec.key] = undefined
      expect(issuesAt(v), `${type} ${spec.key}`).toContain(`data.${spec.key}`)
      v.data[spec.key] = 'ten'
      expect(issuesAt(v), `${type} ${spec.key} as text`).toContain(`data.${spec.key}`)
    }
  })

  it('SRV keeps priority, weight, port and target as separate fields and checks each range', () => {
    const v = withExamples('SRV')
    expect(DATA_FIELD_SPECS.SRV.map((s) => s.key)).toEqual(['priority', 'weight', 'port', 'target'])
    v.data.port = 70000
    expect(issuesAt(v)).toEqual(['data.port'])
    const ok = parse({ ...v, data: { ...v.data, port: 5060 } })
    expect(ok.success && normaliseRecordInput(ok.data as DnsRecordInput, 'example.com')).toMatchObject({ content: '5 5060 sip.example.com', priority: 10 })
  })
})

describe('toRecordInput', () => {
  it('forces TTL Auto when proxied and keeps the chosen TTL otherwise', () => {
    const a = { ...emptyRecordValues('A'), name: 'www', content: ' 192.0.2.1 ', ttl: 3600 }
    expect(toRecordInput({ ...a, proxied: true })).toMatchObject({ ttl: 1, proxied: true, content: '192.0.2.1' })
    expect(toRecordInput(a)).toMatchObject({ ttl: 3600, proxied: false })
  })

  it('never sends proxied for types that cannot be proxied, and sends MX priority on top', () => {
    const mx = { ...emptyRecordValues('MX'), name: '@', content: 'mx1.example.com', proxied: true, priority: 5 }
    const body = toRecordInput(mx)
    expect(body).not.toHaveProperty('proxied')
    expect(body).toMatchObject({ priority: 5, content: 'mx1.example.com' })
    expect(parse(mx).success).toBe(true)
  })

  it('keeps TXT content exactly as typed (the schema explains bad quotes)', () => {
    const txt = { ...emptyRecordValues('TXT'), name: '@', content: '"v=spf1 -all' }
    expect(toRecordInput(txt)).toMatchObject({ content: '"v=spf1 -all' })
    expect(parse(txt).error?.issues[0]).toMatchObject({ path: ['content'], message: expect.stringContaining('quotation mark') })
  })

  it('sends an empty comment as null (so an edit clears it) and sends only the chosen type\'s fields', () => {
    const v = switchRecordType({ ...withExamples('SRV'), content: 'left over', comment: '  ' }, 'CNAME')
    const body = toRecordInput({ ...v, content: 'target.example.net' })
    expect(body).toMatchObject({ type: 'CNAME', comment: null, content: 'target.example.net' })
    expect(body).not.toHaveProperty('data')
  })
})

describe('switching type and editing', () => {
  it('keeps name, TTL, comment and tags; drops proxying for types that cannot have it', () => {
    const a = { ...emptyRecordValues('A'), name: 'api', ttl: 300, proxied: true, comment: 'hi', tags: ['env:prod'] }
    const txt = switchRecordType(a, 'TXT')
    expect(txt).toMatchObject({ type: 'TXT', name: 'api', ttl: 300, proxied: false, comment: 'hi', tags: ['env:prod'] })
    expect(switchRecordType(a, 'CAA').data).toMatchObject({ tag: 'issue' })
  })

  it('fills the form from a record so that saving it unchanged gives the same record', () => {
    const base = { id: 'x', proxiable: false, proxied: false, ttl: 3600, settings: {}, meta: {}, comment: null, tags: [], created_on: '', modified_on: '' }
    const records: DnsRecord[] = [
      { ...base, type: 'A', name: 'www.example.com', content: '192.0.2.1', proxiable: true, proxied: true, ttl: 1, comment: 'web', tags: ['env:prod'] },
      { ...base, type: 'MX', name: 'example.com', content: 'mx1.example.com', priority: 10 },
      { ...base, type: 'TXT', name: '_dmarc.example.com', content: '"v=DMARC1; p=reject"' },
      { ...base, type: 'SRV', name: '_sip._tcp.example.com', content: '60 5060 sip.example.com', priority: 10, data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.com' } },
      { ...base, type: 'CAA', name: 'example.com', content: '0 issue "letsencrypt.org"' },
      { ...base, type: 'URI', name: '_ftp._tcp.example.com', content: '1 "ftp://ftp.example.com/public"', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/public' } },
    ]
    for (const r of records) {
      const values = recordToFormValues(r, 'example.com')
      const parsed = parse(values)
      expect(parsed.success, `${r.type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      const saved = normaliseRecordInput(parsed.data as DnsRecordInput, 'example.com')
      expect({ name: saved.name, content: saved.content, ttl: saved.ttl, comment: saved.comment }).toEqual({ name: r.name, content: r.content, ttl: r.ttl, comment: r.comment })
    }
    expect(recordToFormValues(records[0], 'example.com').name).toBe('www')
    expect(recordToFormValues(records[1], 'example.com').name).toBe('@')
  })

  it('lists the form paths an API error may point at', () => {
    expect(recordFieldPaths('SRV')).toEqual(expect.arrayContaining(['name', 'data.port', 'data.target']))
    expect(recordFieldPaths('SRV')).not.toContain('content')
    expect(recordFieldPaths('MX')).toEqual(expect.arrayContaining(['content', 'priority']))
  })
})
