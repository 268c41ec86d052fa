import { describe, expect, it } from 'vitest'
import { contentFromData, dataFromRdata, rdataFromData } from './rdata'

describe('rdata', () => {
  it('summarises SRV as "weight port target" and keeps the priority for zone files', () => {
    const data = { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' }
    expect(contentFromData('SRV', data)).toBe('5 5060 sip.example.com')
    expect(rdataFromData('SRV', data)).toBe('10 5 5060 sip.example.com')
    expect(dataFromRdata('SRV', '10 5 5060 sip.example.com.')).toEqual({
      ok: true,
      data: { ...data, target: 'sip.example.com.' },
    })
  })

  it('round-trips every data type through its presentation form', () => {
    const samples: [string, Record<string, string | number>, number?][] = [
      ['CAA', { flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
      ['CERT', { type: 1, key_tag: 12345, algorithm: 8, certificate: 'AAECAw==' }],
      ['DNSKEY', { flags: 257, protocol: 3, algorithm: 13, public_key: 'abcd+/==' }],
      ['DS', { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 'ABCDEF' }],
      ['HTTPS', { priority: 1, target: '.', value: 'alpn="h3,h2" ipv4hint="192.0.2.1"' }],
      ['SVCB', { priority: 1, target: 'svc.example.com', value: '' }],
      ['NAPTR', { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' }],
      ['TLSA', { usage: 3, selector: 1, matching_type: 1, certificate: 'abcdef' }],
      ['SMIMEA', { usage: 3, selector: 0, matching_type: 1, certificate: 'abcdef' }],
      ['SSHFP', { algorithm: 4, type: 2, fingerprint: 'abcdef' }],
      ['URI', { weight: 1, target: 'ftp://ftp.example.com/public' }, 10],
      [
        'LOC',
        {
          lat_degrees: 52,
          lat_minutes: 22,
          lat_seconds: 23,
          lat_direction: 'N',
          long_degrees: 4,
          long_minutes: 53,
          long_seconds: 32,
          long_direction: 'E',
          altitude: -2,
          size: 1,
          precision_horz: 10000,
          precision_vert: 10,
        },
      ],
    ]
    for (const [type, data, priority] of samples) {
      const text = rdataFromData(type, data, priority)
      const back = dataFromRdata(type, text)
      expect(back, `${type}: ${text}`).toEqual(priority === undefined ? { ok: true, data } : { ok: true, data, priority })
    }
  })

  it('joins base64 split over several words and reads quoted values', () => {
    expect(dataFromRdata('DNSKEY', '257 3 13 abcd efgh')).toEqual({
      ok: true,
      data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'abcdefgh' },
    })
    expect(dataFromRdata('CAA', '0 iodef "mailto:a b@example.com"')).toEqual({
      ok: true,
      data: { flags: 0, tag: 'iodef', value: 'mailto:a b@example.com' },
    })
  })

  it('explains what is missing or wrong', () => {
    const missing = dataFromRdata('SRV', '10 5')
    expect(missing.ok === false && missing.message).toMatch(/Missing port/)
    const notNumber = dataFromRdata('CAA', 'x issue "a"')
    expect(notNumber.ok === false && notNumber.message).toMatch(/flags must be a whole number/)
    expect(dataFromRdata('CAA', '0 issue "unclosed').ok).toBe(false)
    expect(dataFromRdata('SSHFP', '1 2 ab', true).ok).toBe(true)
    expect(dataFromRdata('MX', '10 mail').ok).toBe(false)
  })
})
