import { describe, expect, it } from 'vitest'
import { ALL_DNS_RECORD_TYPES } from '@/shared/dns/record-types'
import { explainRecord, type ExplainableRecord } from './explain-record'
import { formatDuration, parseSoa, recordData, soaContactEmail } from './record-data'

const rec = (r: Partial<ExplainableRecord> & Pick<ExplainableRecord, 'type' | 'name' | 'content'>): ExplainableRecord => ({
  proxied: false,
  ...r,
})

/** One record of every type, as the API lists them. */
const SAMPLES: Record<(typeof ALL_DNS_RECORD_TYPES)[number], ExplainableRecord> = {
  A: rec({ type: 'A', name: 'www.example.com', content: '192.0.2.1' }),
  AAAA: rec({ type: 'AAAA', name: 'example.com', content: '2001:db8::1', proxied: true }),
  CNAME: rec({ type: 'CNAME', name: 'shop.example.com', content: 'shops.host.net' }),
  MX: rec({ type: 'MX', name: 'example.com', content: 'mx1.example.com', priority: 10 }),
  TXT: rec({ type: 'TXT', name: 'example.com', content: '"hello" " world"' }),
  CAA: rec({ type: 'CAA', name: 'example.com', content: '0 issue "letsencrypt.org"', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } }),
  SRV: rec({ type: 'SRV', name: '_sip._tcp.example.com', content: '60 5060 sip.example.com', priority: 10, data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.com' } }),
  SVCB: rec({ type: 'SVCB', name: '_dns.example.com', content: '1 dns.example.com alpn="dot"', data: { priority: 1, target: 'dns.example.com', value: 'alpn="dot"' } }),
  HTTPS: rec({ type: 'HTTPS', name: 'example.com', content: '1 . alpn="h3,h2"', data: { priority: 1, target: '.', value: 'alpn="h3,h2"' } }),
  PTR: rec({ type: 'PTR', name: 'printer.example.com', content: 'printer.office.example.com' }),
  NS: rec({ type: 'NS', name: 'lab.example.com', content: 'ns1.lab-dns.net' }),
  DS: rec({ type: 'DS', name: 'lab.example.com', content: '2371 13 2 ABCD', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ABCD' } }),
  DNSKEY: rec({ type: 'DNSKEY', name: 'example.com', content: '257 3 13 abc=', data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'abc=' } }),
  URI: rec({ type: 'URI', name: '_ftp._tcp.example.com', content: '1 "ftp://ftp.example.com/"', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/' } }),
  NAPTR: rec({ type: 'NAPTR', name: 'sip.example.com', content: '100 10 "S" "SIP+D2U" "" _sip._udp.example.com', data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' } }),
  SSHFP: rec({ type: 'SSHFP', name: 'bastion.example.com', content: '4 2 abcd', data: { algorithm: 4, type: 2, fingerprint: 'abcd' } }),
  TLSA: rec({ type: 'TLSA', name: '_443._tcp.www.example.com', content: '3 1 1 abcd', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'abcd' } }),
  SMIMEA: rec({ type: 'SMIMEA', name: 'c0ffee._smimecert.example.com', content: '3 0 1 abcd', data: { usage: 3, selector: 0, matching_type: 1, certificate: 'abcd' } }),
  CERT: rec({ type: 'CERT', name: 'alice.example.com', content: '1 12345 8 abc=', data: { type: 1, key_tag: 12345, algorithm: 8, certificate: 'abc=' } }),
  LOC: rec({ type: 'LOC', name: 'office.example.com', content: '52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m' }),
  OPENPGPKEY: rec({ type: 'OPENPGPKEY', name: 'a1b2._openpgpkey.example.com', content: 'mQENBF' }),
  SOA: rec({ type: 'SOA', name: 'example.com', content: 'ns1.example.net dns.example.net 2050113701 10000 2400 604800 1800' }),
}

describe('explainRecord', () => {
  it.each(ALL_DNS_RECORD_TYPES)('gives %s records one plain sentence that names the record', (type) => {
    const sentence = explainRecord(SAMPLES[type])
    expect(sentence).toMatch(/^[A-Z"*a-z0-9_].*\.$/)
    expect(sentence.split(/\.\s+[A-Z]/).length, sentence).toBeLessThanOrEqual(2)
    expect(sentence).toContain(SAMPLES[type].name.split('.').slice(-2).join('.'))
    expect(sentence).not.toMatch(/undefined|NaN|\[object/)
  })

  it('says where mail goes first, and which server is the backup', () => {
    expect(explainRecord(SAMPLES.MX, { lowestMxPriority: 10 })).toBe('Mail for example.com goes to mx1.example.com first.')
    expect(explainRecord({ ...SAMPLES.MX, content: 'mx2.example.com', priority: 20 }, { lowestMxPriority: 10 })).toBe(
      'Mail for example.com goes to mx2.example.com when the mail servers with a lower priority number cannot take it.',
    )
    expect(explainRecord(SAMPLES.MX)).toContain('priority 10')
    expect(explainRecord({ ...SAMPLES.MX, content: '.' })).toContain('does not accept any e-mail')
  })

  it('tells proxied addresses from direct ones', () => {
    expect(explainRecord(SAMPLES.A)).toBe('Visitors to www.example.com go straight to the server at 192.0.2.1 (an IPv4 address).')
    expect(explainRecord(SAMPLES.AAAA)).toContain("through the service's proxy")
    expect(explainRecord({ ...SAMPLES.A, name: '*.example.com' })).toContain('any name under example.com that has no record of its own')
  })

  it('recognises the common kinds of TXT record', () => {
    const txt = (name: string, content: string) => explainRecord(rec({ type: 'TXT', name, content }))
    expect(txt('example.com', '"v=spf1 include:_spf.google.com ~all"')).toContain('(SPF)')
    expect(txt('_dmarc.example.com', '"v=DMARC1; p=reject; rua=mailto:d@example.com"')).toBe(
      'Tells mail providers what to do with e-mail that claims to come from example.com but fails the checks: refuse it (DMARC).',
    )
    expect(txt('google._domainkey.example.com', '"v=DKIM1; k=rsa; p=abc"')).toContain('"google" key really comes from example.com (DKIM)')
    expect(txt('_acme-challenge.example.com', '"abc"')).toContain('certificate authority that you control example.com')
    expect(txt('example.com', 'google-site-verification=abc')).toBe('Proves to Google that you control example.com.')
    expect(txt('example.com', '"hello" " world"')).toBe('Publishes the text "hello world" for example.com, for any service that looks it up.')
  })

  it('explains services, certificates and locations from their data', () => {
    expect(explainRecord(SAMPLES.SRV)).toBe(
      'Apps looking for the sip service (over TCP) at example.com connect to sip.example.com on port 5060 (priority 10, weight 60).',
    )
    expect(explainRecord(SAMPLES.CAA)).toContain('letsencrypt.org may issue certificates for example.com')
    expect(explainRecord({ ...SAMPLES.CAA, data: { flags: 0, tag: 'issue', value: ';' } })).toContain('No certificate authority')
    expect(explainRecord(SAMPLES.HTTPS)).toBe('Tells browsers how to connect to example.com: it supports HTTP/3 and HTTP/2.')
    expect(explainRecord(SAMPLES.TLSA)).toContain('www.example.com uses on port 443 (TCP)')
    expect(explainRecord(SAMPLES.LOC)).toBe('Says office.example.com is located at 52°22′23″ N, 4°53′32″ E.')
    expect(explainRecord(SAMPLES.SOA)).toContain('ns1.example.net is the main name server for example.com')
  })
})

describe('record data helpers', () => {
  it('reads data from the content when the API sent none', () => {
    expect(recordData({ type: 'CAA', content: '0 issuewild "pki.goog"' })).toEqual({ flags: 0, tag: 'issuewild', value: 'pki.goog' })
    expect(recordData({ type: 'SRV', content: '5 5222 chat.example.com', priority: 5 })).toMatchObject({ priority: 5, port: 5222 })
    expect(recordData({ type: 'A', content: '192.0.2.1' })).toEqual({})
  })
  it('reads the SOA and its contact address', () => {
    const soa = parseSoa('ns1.example.net. dns.example.net. 2050113701 10000 2400 604800 1800')
    expect(soa).toEqual({ primary: 'ns1.example.net', contact: 'dns.example.net', serial: 2050113701, refresh: 10000, retry: 2400, expire: 604800, minimum: 1800 })
    expect(soaContactEmail('dns.example.net')).toBe('dns@example.net')
    expect(soaContactEmail('john\\.doe.example.net')).toBe('john.doe@example.net')
    expect(parseSoa('ns1 only')).toBeUndefined()
    expect(formatDuration(10000)).toBe('2 hours 46 minutes')
    expect(formatDuration(604800)).toBe('1 week')
  })
})

describe('explainRecord under a delegation', () => {
  const wiki = rec({ type: 'A', name: 'wiki.lab.example.com', content: '192.0.2.61' })
  it('says a shadowed record is not served, and why, before what it would do', () => {
    const s = explainRecord({ ...wiki, meta: { shadowed_by: ['ns-id'] } })
    expect(s).toMatch(/^Not served: wiki\.lab\.example\.com is delegated to other name servers/)
    expect(s).toContain('If it were served: visitors to wiki.lab.example.com go straight to the server at 192.0.2.61')
    expect(s).not.toMatch(/^Visitors/)
  })
  it('glue is served; glue cut off by a higher delegation is not', () => {
    expect(explainRecord({ ...wiki, meta: { shadowed_by: ['x'], is_glue: true } })).toMatch(/^Visitors .* It is served as glue/)
    expect(explainRecord({ ...wiki, meta: { shadowed_by: ['x'], is_glue: true, dead_glue: true } })).toMatch(/^Not served: this is the address of a name server/)
  })
})
