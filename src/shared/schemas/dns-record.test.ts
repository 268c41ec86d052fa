import { describe, expect, it } from 'vitest'
import { apiErrorsFromIssues } from './common'
import {
  DNS_RECORD_TYPES,
  dnsRecordInputSchema,
  dnsRecordPatchSchema,
  dnsRecordSchema,
  dnsRecordsSearchSchema,
  normaliseRecordInput,
  type DnsRecordInput,
} from './dns-record'
import { dnsRecordsQuery } from '../lists/dns-records'

/** The API errors a body produces (code + pointer + message), as the proxy and sandbox answer. */
const errorsOf = (body: unknown) => {
  const r = dnsRecordInputSchema.safeParse(body)
  return r.success ? [] : apiErrorsFromIssues(r.error.issues, 1004)
}
const codes = (body: unknown) => errorsOf(body).map((e) => `${e.source?.pointer} ${e.code}`)
const valid = (body: unknown) => {
  const r = dnsRecordInputSchema.safeParse(body)
  expect(r.error?.issues ?? [], JSON.stringify(body)).toEqual([])
  return r.data as DnsRecordInput
}

/** One minimal valid body per type: the real API accepts each. */
const VALID: Record<string, Record<string, unknown>> = {
  A: { content: '192.0.2.1' },
  AAAA: { content: '2001:db8::1' },
  CNAME: { content: 'target.example.net' },
  MX: { content: 'mail.example.com', priority: 10 },
  TXT: { content: 'hello' },
  NS: { content: 'ns1.example.net' },
  PTR: { content: 'host.example.com' },
  OPENPGPKEY: { content: 'mQENBFzjqGoBCAD=' },
  CAA: { data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
  CERT: { data: { type: 1, key_tag: 1, algorithm: 8, certificate: 'AAAA' } },
  DNSKEY: { data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'AAAA' } },
  DS: { data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ABCD' } },
  HTTPS: { data: { priority: 1, target: '.', value: 'alpn="h2"' } },
  SVCB: { data: { priority: 0, target: 'svc.example.com' } },
  LOC: {
    data: {
      lat_degrees: 1,
      lat_minutes: 2,
      lat_seconds: 3,
      lat_direction: 'N',
      long_degrees: 4,
      long_minutes: 5,
      long_seconds: 6,
      long_direction: 'W',
      altitude: 0,
      size: 1,
      precision_horz: 1,
      precision_vert: 1,
    },
  },
  NAPTR: { data: { order: 1, preference: 1, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '.' } },
  SMIMEA: { data: { usage: 3, selector: 0, matching_type: 1, certificate: 'ab' } },
  TLSA: { data: { usage: 3, selector: 1, matching_type: 1, certificate: 'ab' } },
  SRV: { data: { priority: 1, weight: 2, port: 443, target: 'srv.example.com' } },
  SSHFP: { data: { algorithm: 4, type: 2, fingerprint: 'ab' } },
  URI: { priority: 10, data: { weight: 1, target: 'https://example.com/' } },
}

describe('dnsRecordInputSchema', () => {
  it('accepts a minimal valid record of every type (ttl optional, as in the API)', () => {
    expect(Object.keys(VALID).sort()).toEqual([...DNS_RECORD_TYPES].sort())
    for (const [type, fields] of Object.entries(VALID)) valid({ type, name: 'x', ...fields })
  })

  it('tolerates unknown fields, as real clients send them', () =>
    valid({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 1, zone_id: 'abc', id: 'x' }))

  it('refuses SOA with a clear message', () =>
    expect(errorsOf({ type: 'SOA', name: '@', content: 'x' })[0].message).toMatch(/created automatically/))

  it('refuses an unknown or missing type, listing the choices', () => {
    expect(errorsOf({ type: 'XYZ', name: 'x' })[0]).toMatchObject({ source: { pointer: '/type' } })
    expect(errorsOf({ name: 'x' })[0].message).toMatch(/Choose a record type.*AAAA/)
  })

  it('9005 bad IPv4, 9006 bad IPv6', () => {
    expect(codes({ type: 'A', name: 'x', content: '1.1' })).toEqual(['/content 9005'])
    expect(codes({ type: 'A', name: 'x', content: '2001:db8::1' })).toEqual(['/content 9005'])
    expect(codes({ type: 'AAAA', name: 'x', content: '192.0.2.1' })).toEqual(['/content 9006'])
  })

  it('refuses addresses of the service network (api-notes §3.8)', () => {
    expect(codes({ type: 'A', name: 'x', content: '104.16.132.229' })).toEqual(['/content 9003'])
    expect(errorsOf({ type: 'AAAA', name: 'x', content: '2606:4700::6810:84e5' })[0].message).toMatch(
      /service's own network \(2606:4700::\/32\)/,
    )
  })

  it('9004: only A, AAAA and CNAME can be proxied', () => {
    for (const type of ['A', 'AAAA', 'CNAME']) valid({ type, name: 'x', ...VALID[type], proxied: true })
    for (const type of DNS_RECORD_TYPES.filter((t) => !['A', 'AAAA', 'CNAME'].includes(t))) {
      expect(codes({ type, name: 'x', ...VALID[type], proxied: true }), type).toEqual(['/proxied 9004'])
      valid({ type, name: 'x', ...VALID[type], proxied: false })
    }
  })

  it('9041: a private address cannot be proxied', () => {
    expect(codes({ type: 'A', name: 'x', content: '10.0.0.1', proxied: true })).toEqual(['/proxied 9041'])
    valid({ type: 'A', name: 'x', content: '10.0.0.1', proxied: false })
  })

  it('9021: TTL is 1 (Automatic) or 60–86400', () => {
    for (const ttl of [1, 60, 3600, 86400]) valid({ type: 'A', name: 'x', content: '192.0.2.1', ttl })
    for (const ttl of [0, 2, 59, 86401, 300.5, -1])
      expect(codes({ type: 'A', name: 'x', content: '192.0.2.1', ttl }), String(ttl)).toEqual(['/ttl 9021'])
  })

  it('9000: name rules, with the field pointer', () => {
    // A leading digit is accepted (RFC 1123); a leading hyphen is not.
    expect(codes({ type: 'A', name: '1abc', content: '192.0.2.1' })).toEqual([])
    expect(codes({ type: 'A', name: '-abc', content: '192.0.2.1' })).toEqual(['/name 9000'])
    expect(codes({ type: 'A', name: 'a'.repeat(64), content: '192.0.2.1' })).toEqual(['/name 9000'])
    valid({ type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none' })
  })

  it('TXT with inconsistent quotes is a validation error', () => {
    expect(errorsOf({ type: 'TXT', name: 'x', content: '"unclosed' })[0]).toMatchObject({
      code: 1004,
      source: { pointer: '/content' },
    })
  })

  it('MX and URI need a priority; MX content is a host name (9009)', () => {
    expect(errorsOf({ type: 'MX', name: '@', content: 'mail.example.com' })[0]).toMatchObject({
      source: { pointer: '/priority' },
    })
    expect(errorsOf({ type: 'MX', name: '@', content: 'mail.example.com' })[0].message).toMatch(/Enter a priority/)
    expect(codes({ type: 'MX', name: '@', content: 'not a host', priority: 1 })).toEqual(['/content 9009'])
    expect(codes({ type: 'URI', name: 'x', data: { weight: 1, target: 'x' } })).toEqual(['/priority 1004'])
  })

  it('CNAME cannot point to its own name', () => {
    expect(errorsOf({ type: 'CNAME', name: 'www.example.com', content: 'WWW.example.com.' })[0].source?.pointer).toBe('/content')
  })

  it('data fields are range-checked with a pointer into data', () => {
    expect(
      errorsOf({ type: 'SRV', name: '_x._tcp', data: { priority: 1, weight: 1, port: 70000, target: 'a.b' } })[0],
    ).toMatchObject({
      source: { pointer: '/data/port' },
      message: 'Port must be between 0 and 65535.',
    })
    expect(errorsOf({ type: 'CAA', name: '@', data: { flags: 256, tag: 'issue', value: 'x' } })[0].source?.pointer).toBe(
      '/data/flags',
    )
  })

  it('SRV refuses the removed service/proto/name data fields', () => {
    const e = errorsOf({
      type: 'SRV',
      name: '_x._tcp',
      data: { service: '_x', proto: '_tcp', priority: 1, weight: 1, port: 1, target: 'a.b' },
    })
    expect(e.map((x) => x.source?.pointer)).toEqual(['/data/service', '/data/proto'])
  })

  it('a data type may be written as content instead of data', () => {
    const input = valid({ type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"' })
    expect(normaliseRecordInput(input).data).toEqual({ flags: 0, tag: 'issue', value: 'letsencrypt.org' })
    expect(codes({ type: 'CAA', name: '@', content: 'nonsense' })).toEqual(['/content 1004'])
    expect(codes({ type: 'CAA', name: '@' })).toEqual(['/data 1004'])
  })

  it('messages are plain words (no zod jargon)', () => {
    const all = [
      ...errorsOf({ type: 'A', name: 5, content: 7, ttl: 'x', proxied: 'yes', tags: 'a' }),
      ...errorsOf({ type: 'MX', name: 'x', content: 'm.example.com', priority: 'high' }),
    ]
    for (const e of all) expect(e.message, e.message).not.toMatch(/Invalid input|expected|received/)
  })
})

describe('normaliseRecordInput: what will be saved', () => {
  it('quotes TXT, canonicalises AAAA, forces Automatic TTL when proxied, qualifies names', () => {
    expect(normaliseRecordInput(valid({ type: 'TXT', name: 'x', content: 'v=spf1 -all' }), 'example.com')).toMatchObject({
      name: 'x.example.com',
      content: '"v=spf1 -all"',
      ttl: 1,
    })
    expect(normaliseRecordInput(valid({ type: 'AAAA', name: '@', content: 'FE80::0:0:1' }), 'example.com').content).toBe(
      'fe80::1',
    )
    expect(normaliseRecordInput(valid({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 3600, proxied: true })).ttl).toBe(1)
    expect(normaliseRecordInput(valid({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 3600 })).ttl).toBe(3600)
    expect(normaliseRecordInput(valid({ type: 'CNAME', name: 'x', content: '@' }), 'example.com').content).toBe('example.com')
  })

  it('gives SRV its summary content and top-level priority', () => {
    const n = normaliseRecordInput(
      valid({ type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com.' } }),
    )
    expect(n).toMatchObject({ content: '5 5060 sip.example.com', priority: 10 })
  })
})

describe('dnsRecordPatchSchema', () => {
  it('accepts any subset of fields', () => {
    expect(dnsRecordPatchSchema.safeParse({}).success).toBe(true)
    expect(dnsRecordPatchSchema.safeParse({ comment: null }).success).toBe(true)
    expect(dnsRecordPatchSchema.safeParse({ ttl: 300, proxied: false }).success).toBe(true)
  })

  it('checks the fields it has, and content against the type when given', () => {
    const r = dnsRecordPatchSchema.safeParse({ ttl: 5, name: '-x' })
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'ttl'])
    const typed = dnsRecordPatchSchema.safeParse({ type: 'A', content: '300.1.1.1' })
    expect(apiErrorsFromIssues(typed.error!.issues, 1004)).toMatchObject([{ code: 9005, source: { pointer: '/content' } }])
    expect(apiErrorsFromIssues(dnsRecordPatchSchema.safeParse({ type: 'MX', proxied: true }).error!.issues, 1004)[0].code).toBe(
      9004,
    )
    expect(dnsRecordPatchSchema.safeParse({ type: 'SOA' }).error?.issues[0].message).toMatch(/automatically/)
  })
})

describe('dnsRecordsSearchSchema', () => {
  it('reads URL state and writes the API query (repeated keys for lists)', () => {
    const s = dnsRecordsSearchSchema.parse({
      type: ['A', 'AAAA'],
      'name.contains': 'api',
      proxied: 'true',
      page: '2',
      per_page: 50,
      direction: 'DESC',
    })
    expect(s).toMatchObject({ proxied: true, page: 2, per_page: 50, direction: 'desc' })
    expect(dnsRecordsQuery.write(s).toString()).toBe(
      'type=A&type=AAAA&name.contains=api&proxied=true&direction=desc&page=2&per_page=50',
    )
  })

  it('refuses bad values, and clamps paging as the service does', () => {
    for (const bad of [{ order: 'zone' }, { match: 'some' }, { per_page: 'x' }, { type: 'BOGUS' }, { proxied: 'maybe' }])
      expect(dnsRecordsSearchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(dnsRecordsSearchSchema.parse({ page: '0', per_page: '0' })).toMatchObject({ page: 1, per_page: 1 })
  })
})

describe('dnsRecordSchema', () => {
  it('parses a record as the API returns it, filling absent optional fields', () => {
    const r = dnsRecordSchema.parse({
      id: 'a'.repeat(32),
      name: 'www.example.com',
      type: 'A',
      content: '192.0.2.1',
      proxiable: true,
      proxied: false,
      ttl: 1,
      created_on: '2026-01-01T00:00:00Z',
      modified_on: '2026-01-01T00:00:00Z',
    })
    expect(r).toMatchObject({ comment: null, tags: [], settings: {}, meta: {} })
  })
})
