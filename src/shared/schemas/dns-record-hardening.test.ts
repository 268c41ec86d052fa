import { describe, expect, it } from 'vitest'
import { apiErrorsFromIssues } from './common'
import { dnsRecordInputSchema, dnsRecordPatchSchema } from './dns-record'

/**
 * What the shared schema refuses. The form, the
 * proxy (live mode) and the sandbox all check writes with this schema, so each refusal holds in all three.
 */
const errorsOf = (body: unknown) => {
  const r = dnsRecordInputSchema.safeParse(body)
  return r.success ? [] : apiErrorsFromIssues(r.error.issues, 1004)
}
const refusedAt = (body: Record<string, unknown>, pointer: string, message?: RegExp) => {
  const errors = errorsOf({ name: 'x', ...body })
  const at = errors.filter((e) => e.source?.pointer === pointer)
  expect(at, `${JSON.stringify(body)} → ${JSON.stringify(errors)}`).not.toEqual([])
  if (message) expect(at.map((e) => e.message).join(' | ')).toMatch(message)
}
const accepted = (body: Record<string, unknown>) => expect(errorsOf({ name: 'x', ...body })).toEqual([])

const INJECTION = 'sip.example.net.\ninjected 300 IN A 6.6.6.6\n;'

describe('no line breaks or control characters in any DNS field', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'SRV target (the reported case)',
      { type: 'SRV', data: { priority: 1, weight: 1, port: 1, target: INJECTION } },
      '/data/target',
    ],
    ['HTTPS target', { type: 'HTTPS', data: { priority: 1, target: INJECTION, value: '' } }, '/data/target'],
    ['HTTPS value', { type: 'HTTPS', data: { priority: 1, target: '.', value: 'alpn=h2\nx 1 IN A 6.6.6.6' } }, '/data/value'],
    ['SVCB value with a comment sign', { type: 'SVCB', data: { priority: 1, target: '.', value: 'alpn=h2 ; x' } }, '/data/value'],
    [
      'NAPTR replacement',
      { type: 'NAPTR', data: { order: 1, preference: 1, flags: 'U', service: 'E2U+sip', regex: '', replacement: INJECTION } },
      '/data/replacement',
    ],
    [
      'NAPTR regex',
      { type: 'NAPTR', data: { order: 1, preference: 1, flags: 'U', service: 'E2U+sip', regex: 'a\r\nb', replacement: '.' } },
      '/data/regex',
    ],
    ['CAA value', { type: 'CAA', data: { flags: 0, tag: 'issue', value: 'ca.example\r\nx 1 IN A 6.6.6.6' } }, '/data/value'],
    ['URI target', { type: 'URI', priority: 1, data: { weight: 1, target: 'https://a.example/\n' } }, '/data/target'],
    ['TXT content with CR LF', { type: 'TXT', content: 'v=spf1\r\ninjected 300 IN A 6.6.6.6' }, '/content'],
    ['TXT content with NUL', { type: 'TXT', content: 'a\u0000b' }, '/content'],
    ['CNAME content', { type: 'CNAME', content: INJECTION }, '/content'],
    ['comment with a line break', { type: 'A', content: '192.0.2.1', comment: 'ok\ninjected 300 IN A 6.6.6.6' }, '/comment'],
    ['comment with NUL', { type: 'A', content: '192.0.2.1', comment: 'a\u0000b' }, '/comment'],
    ['tag with a line break', { type: 'A', content: '192.0.2.1', tags: ['env:a\nb'] }, '/tags/0'],
  ])('%s is refused', (_what, body, pointer) => refusedAt(body, pointer))

  it('a trailing line break is refused, not silently trimmed', () => {
    refusedAt({ type: 'A', content: '192.0.2.1', comment: 'ok\n' }, '/comment', /one line/)
    refusedAt({ type: 'SRV', data: { priority: 1, weight: 1, port: 1, target: 'sip.example.net\n' } }, '/data/target')
  })
})

describe('hex and base64 fields hold only hex and base64', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['DS digest', { type: 'DS', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ABCDxyz' } }, '/data/digest'],
    [
      'TLSA certificate',
      { type: 'TLSA', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'abc\n' } },
      '/data/certificate',
    ],
    [
      'SMIMEA certificate',
      { type: 'SMIMEA', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'not hex' } },
      '/data/certificate',
    ],
    ['SSHFP fingerprint', { type: 'SSHFP', data: { algorithm: 4, type: 2, fingerprint: '12;34' } }, '/data/fingerprint'],
    [
      'DNSKEY public key',
      { type: 'DNSKEY', data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'ab"cd' } },
      '/data/public_key',
    ],
    ['CERT certificate', { type: 'CERT', data: { type: 1, key_tag: 1, algorithm: 8, certificate: 'a(b)' } }, '/data/certificate'],
    ['OPENPGPKEY content', { type: 'OPENPGPKEY', content: 'mQ EN\nBF' }, '/content'],
  ])('%s', (_what, body, pointer) => refusedAt(body, pointer))

  it('accepts hex written in groups and base64 with padding', () => {
    accepted({ type: 'DS', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'ABCD 0123 ef45' } })
    accepted({ type: 'OPENPGPKEY', content: 'mQENBFzjqGoBCAD+/w==' })
  })
})

describe('host-name fields refuse IP addresses (as the service does)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['MX', { type: 'MX', content: '203.0.113.25', priority: 10 }, '/content'],
    ['CNAME', { type: 'CNAME', content: '192.0.2.1' }, '/content'],
    ['NS', { type: 'NS', content: '192.0.2.53.' }, '/content'],
    ['PTR', { type: 'PTR', content: '2001:db8::1' }, '/content'],
    ['SRV target', { type: 'SRV', data: { priority: 1, weight: 1, port: 5060, target: '198.51.100.7' } }, '/data/target'],
    ['HTTPS target', { type: 'HTTPS', data: { priority: 1, target: '192.0.2.1', value: '' } }, '/data/target'],
    [
      'NAPTR replacement',
      { type: 'NAPTR', data: { order: 1, preference: 1, flags: 'U', service: 's', regex: '', replacement: '192.0.2.1' } },
      '/data/replacement',
    ],
  ])('%s', (_what, body, pointer) => refusedAt(body, pointer, /not an IP address/))

  it('names the field the form shows, not "Content"', () => {
    refusedAt({ type: 'MX', content: '203.0.113.25', priority: 10 }, '/content', /^The mail server must be a host name, not an IP address/)
    refusedAt({ type: 'CNAME', content: 'bad host' }, '/content', /^The target must be a host name to point to/)
  })

  it('still accepts host names made of digits and the null target', () => {
    accepted({ type: 'MX', content: '1and1.com', priority: 10 })
    accepted({ type: 'MX', content: '.', priority: 0 })
    accepted({ type: 'SRV', data: { priority: 0, weight: 0, port: 0, target: '.' } })
  })
})

describe('lengths', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a 501-character comment', { type: 'A', content: '192.0.2.1', comment: 'c'.repeat(501) }, '/comment'],
    ['a 1 MB comment', { type: 'A', content: '192.0.2.1', comment: 'c'.repeat(1_000_000) }, '/comment'],
    ['a tag value of 101 characters', { type: 'A', content: '192.0.2.1', tags: [`t:${'v'.repeat(101)}`] }, '/tags/0'],
    ['a tag name of 33 characters', { type: 'A', content: '192.0.2.1', tags: [`${'n'.repeat(33)}:v`] }, '/tags/0'],
    ['21 tags', { type: 'A', content: '192.0.2.1', tags: Array.from({ length: 21 }, (_, i) => `t${i}:v`) }, '/tags'],
    [
      'a 1 MB SRV target',
      { type: 'SRV', data: { priority: 1, weight: 1, port: 1, target: `${'a'.repeat(60)}.`.repeat(17_000) } },
      '/data/target',
    ],
    [
      'a 1 MB URI target',
      { type: 'URI', priority: 1, data: { weight: 1, target: `https://a.example/${'x'.repeat(1_000_000)}` } },
      '/data/target',
    ],
    [
      'a 1 MB HTTPS value',
      { type: 'HTTPS', data: { priority: 1, target: '.', value: `alpn=${'h'.repeat(1_000_000)}` } },
      '/data/value',
    ],
    ['a 1 MB OPENPGPKEY', { type: 'OPENPGPKEY', content: 'A'.repeat(1_000_000) }, '/content'],
    [
      'a 256-byte NAPTR service',
      { type: 'NAPTR', data: { order: 1, preference: 1, flags: 'U', service: 's'.repeat(256), regex: '', replacement: '.' } },
      '/data/service',
    ],
  ])('%s is refused with a field error', (_what, body, pointer) => refusedAt(body, pointer, /at most/))

  it('a 500-character comment is accepted, trimmed', () => {
    const r = dnsRecordInputSchema.parse({ type: 'A', name: 'x', content: '192.0.2.1', comment: ` ${'c'.repeat(500)} ` })
    expect(r.comment).toBe('c'.repeat(500))
  })
})

describe('TTL sent as text', () => {
  it('"300" is told that the TTL must be a number, not that it is out of range', () => {
    for (const schema of [dnsRecordInputSchema, dnsRecordPatchSchema]) {
      const r = schema.safeParse({ type: 'A', name: 'x', content: '192.0.2.1', ttl: '300' })
      const messages = r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'ttl').map((i) => i.message)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(/must be a number/)
      expect(messages[0]).not.toMatch(/between/)
    }
  })
})

describe('reserved tags', () => {
  it('cf-proxied and cf-flatten-cname, which the export uses, cannot be set as tags', () => {
    refusedAt({ type: 'A', content: '192.0.2.1', tags: ['cf-proxied:true'] }, '/tags/0', /reserved/)
    refusedAt({ type: 'A', content: '192.0.2.1', tags: ['CF-Flatten-CNAME'] }, '/tags/0', /reserved/)
  })
})
