import { describe, expect, it } from 'vitest'
import { canonicalIPv6, inCidr, isIPv4, isIPv6, isPrivateAddress } from './ip'
import { canBeProxied } from './proxiable'
import { isServiceAddress, SERVICE_IP_RANGES, serviceRangeOf } from './service-ranges'

describe('IPv4', () => {
  it.each(['192.0.2.1', '0.0.0.0', '255.255.255.255', '8.8.8.8'])('accepts %s', (ip) => expect(isIPv4(ip)).toBe(true))
  it.each(['1.1', '1.2.3', '256.1.1.1', '01.2.3.4', '1.2.3.4.5', ' 1.2.3.4', 'a.b.c.d', '', '1.2.3.-4'])('refuses %j', (ip) =>
    expect(isIPv4(ip)).toBe(false),
  )
})

describe('IPv6', () => {
  it.each([
    '::',
    '::1',
    '2001:db8::1',
    'fe80::0:0:1',
    '2001:0db8:0000:0000:0000:0000:0000:0001',
    '::ffff:192.0.2.1',
    '1:2:3:4:5:6:7:8',
  ])('accepts %s', (ip) => expect(isIPv6(ip)).toBe(true))
  it.each(['1:2:3:4:5:6:7:8:9', '2001:db8:::1', '1::2::3', 'fe80::1%eth0', 'g::1', '12345::1', '192.0.2.1', ''])(
    'refuses %j',
    (ip) => expect(isIPv6(ip)).toBe(false),
  )

  it('writes addresses in RFC 5952 form', () => {
    expect(canonicalIPv6('fe80::0:0:1')).toBe('fe80::1')
    expect(canonicalIPv6('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1')
    expect(canonicalIPv6('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1')
    expect(canonicalIPv6('2001:0:0:1:0:0:0:1')).toBe('2001:0:0:1::1') // the longest run wins
    expect(canonicalIPv6('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1') // first run on a tie
    expect(canonicalIPv6('2001:db8:1:1:1:1:0:1')).toBe('2001:db8:1:1:1:1:0:1') // one zero group stays
    expect(canonicalIPv6('0:0:0:0:0:0:0:0')).toBe('::')
    expect(canonicalIPv6('::FFFF:c000:0201')).toBe('::ffff:192.0.2.1')
  })
})

describe('ranges', () => {
  it('matches CIDR blocks on both families', () => {
    expect(inCidr('104.16.0.1', '104.16.0.0/13')).toBe(true)
    expect(inCidr('104.23.255.255', '104.16.0.0/13')).toBe(true)
    expect(inCidr('104.24.0.0', '104.16.0.0/13')).toBe(false)
    expect(inCidr('2606:4700:10::6816:1', '2606:4700::/32')).toBe(true)
    expect(inCidr('2606:4701::1', '2606:4700::/32')).toBe(false)
    expect(inCidr('2a06:98c7:ffff::1', '2a06:98c0::/29')).toBe(true)
    expect(inCidr('2a06:98c8::1', '2a06:98c0::/29')).toBe(false)
  })

  it('knows every published range of the service, and nothing outside them', () => {
    expect(SERVICE_IP_RANGES.ipv4).toHaveLength(15)
    expect(SERVICE_IP_RANGES.ipv6).toHaveLength(7)
    for (const cidr of SERVICE_IP_RANGES.ipv4) expect(isServiceAddress(cidr.split('/')[0]), cidr).toBe(true)
    for (const cidr of SERVICE_IP_RANGES.ipv6) expect(isServiceAddress(cidr.split('/')[0].replace(/::$/, '::1')), cidr).toBe(true)
    expect(serviceRangeOf('172.67.1.1')).toBe('172.64.0.0/13')
    for (const ip of ['192.0.2.1', '8.8.8.8', '172.72.0.1', '2001:db8::1', '2606:4800::1'])
      expect(isServiceAddress(ip), ip).toBe(false)
  })

  it('recognises private, loopback and link-local addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of ['172.32.0.1', '192.0.2.1', '2001:db8::1', '8.8.4.4']) expect(isPrivateAddress(ip), ip).toBe(false)
  })
})

describe('canBeProxied: the one rule form, proxy, sandbox and import share', () => {
  it('A, AAAA and CNAME only, never a private address', () => {
    expect(canBeProxied('A', '192.0.2.1')).toBe(true)
    expect(canBeProxied('AAAA', '2001:db8::1')).toBe(true)
    expect(canBeProxied('CNAME', 'app.example.net')).toBe(true)
    expect(canBeProxied('A', '10.0.0.1')).toBe(false)
    expect(canBeProxied('A', ' 192.168.1.1 ')).toBe(false)
    expect(canBeProxied('AAAA', 'fe80::1')).toBe(false)
    expect(canBeProxied('MX', 'mx.example.net')).toBe(false)
    expect(canBeProxied('TXT', 'hello')).toBe(false)
  })
})
