import { describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { parseTrustedProxies, plainAddress, resolveClient, type TrustedProxies } from './trusted-proxies'

const trust = (raw: string) => parseTrustedProxies(raw) as TrustedProxies
const via = (peer: string, forwardedFor?: string, forwardedProto?: string, trusted?: TrustedProxies) =>
  resolveClient(peer, { forwardedFor, forwardedProto, tls: false }, trusted)

describe('TRUSTED_PROXIES', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges, comma-separated, spaces allowed', () => {
    const t = trust(' 10.0.0.5, 172.16.0.0/12 ,fd00::/8, 2001:DB8::1 ')
    expect(t.entries).toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8', '2001:db8::1'])
    expect(t.has('10.0.0.5')).toBe(true)
    expect(t.has('10.0.0.6')).toBe(false)
    expect(t.has('172.31.255.1')).toBe(true)
    expect(t.has('172.32.0.1')).toBe(false)
    expect(t.has('fd12:3456::1')).toBe(true)
    expect(t.has('fe80::1')).toBe(false)
    expect(t.has('2001:db8:0:0::1')).toBe(true)
    // A dual-stack socket names an IPv4 peer ::ffff:10.0.0.5.
    expect(t.has('::ffff:10.0.0.5')).toBe(true)
    expect(t.has('not an address')).toBe(false)
  })

  it('is off when unset or blank', () => {
    expect(parseTrustedProxies(undefined)).toBeUndefined()
    expect(parseTrustedProxies('  ')).toBeUndefined()
    expect(readConfig({}, []).trustedProxies).toBeUndefined()
    expect(readConfig({ TRUSTED_PROXIES: '127.0.0.1' }, []).trustedProxies?.entries).toEqual(['127.0.0.1'])
  })

  it.each([
    ['proxy.example', /"proxy\.example" is not an IPv4 or IPv6 address or a CIDR range/],
    ['10.0.0.0/33', /"10\.0\.0\.0\/33" is not/],
    ['fd00::/129', /"fd00::\/129" is not/],
    ['10.0.0.0/8/8', /"10\.0\.0\.0\/8\/8" is not/],
    ['10.0.0.0/', /"10\.0\.0\.0\/" is not/],
    ['10.0.0.256', /"10\.0\.0\.256" is not/],
    ['10.0.0.1, *', /"\*" is not/],
  ])('refuses %s at start with a message naming the entry', (raw, message) => {
    expect(() => readConfig({ TRUSTED_PROXIES: raw }, [])).toThrow(/^TRUSTED_PROXIES must list addresses or CIDR ranges: /)
    expect(() => readConfig({ TRUSTED_PROXIES: raw }, [])).toThrow(message)
  })

  it('names every bad entry at once', () => {
    expect(() => parseTrustedProxies('a, 10.0.0.1, b/3')).toThrow(/"a" is not .*; "b\/3" is not/)
  })
})

describe('the client address', () => {
  const proxy = trust('10.0.0.5')

  it('is the socket peer without TRUSTED_PROXIES: X-Forwarded-For and X-Forwarded-Proto are ignored', () => {
    expect(via('10.0.0.5', '198.51.100.7', 'https')).toEqual({ address: '10.0.0.5', https: false })
    expect(resolveClient('10.0.0.5', { forwardedProto: 'http', tls: true }, undefined)).toEqual({ address: '10.0.0.5', https: true })
  })

  it('ignores a spoofed X-Forwarded-For and X-Forwarded-Proto from a peer that is not a trusted proxy', () => {
    expect(via('203.0.113.9', '198.51.100.7', 'https', proxy)).toEqual({ address: '203.0.113.9', https: false })
  })

  it('is the address the trusted proxy forwarded, and its scheme', () => {
    expect(via('10.0.0.5', '198.51.100.7', 'https', proxy)).toEqual({ address: '198.51.100.7', https: true })
    expect(via('::ffff:10.0.0.5', '198.51.100.7', 'http', proxy)).toEqual({ address: '198.51.100.7', https: false })
    // No header: the proxy itself is the client; the scheme is this connection's.
    expect(via('10.0.0.5', undefined, undefined, proxy)).toEqual({ address: '10.0.0.5', https: false })
  })

  it('is the last untrusted address: what the client wrote into the header before the proxy appended is ignored', () => {
    // nginx's $proxy_add_x_forwarded_for appends $remote_addr to whatever the client sent.
    expect(via('10.0.0.5', '1.1.1.1, 198.51.100.7', 'https', proxy).address).toBe('198.51.100.7')
    expect(via('10.0.0.5', '10.0.0.5, 198.51.100.7', 'https', proxy).address).toBe('198.51.100.7')
  })

  it('walks back through a chain of trusted proxies to the first address that is not one', () => {
    const chain = trust('10.0.0.0/24, 192.168.1.1')
    // client 198.51.100.7 → CDN-ish 192.168.1.1 → 10.0.0.9 → 10.0.0.5 (the peer)
    expect(via('10.0.0.5', '6.6.6.6, 198.51.100.7, 192.168.1.1, 10.0.0.9', 'https', chain).address).toBe('198.51.100.7')
    // Every hop trusted: the first (leftmost) is the nearest thing to a client.
    expect(via('10.0.0.5', '10.0.0.7, 10.0.0.9', undefined, chain).address).toBe('10.0.0.7')
    // Only the front proxy says which scheme the browser used.
    expect(via('10.0.0.5', '198.51.100.7, 10.0.0.9', 'https, http', chain).https).toBe(true)
  })

  it('handles IPv6 peers, hops, ranges and bracketed or ported hops', () => {
    const v6 = trust('2001:db8::/64')
    expect(via('2001:db8::5', '2001:DB8:1::77', 'https', v6)).toEqual({ address: '2001:db8:1::77', https: true })
    expect(via('2001:db8::5', '[2001:db8:1::77]:4711', undefined, v6).address).toBe('2001:db8:1::77')
    expect(via('2001:db8::5', '198.51.100.7:5678', undefined, v6).address).toBe('198.51.100.7')
    expect(via('2001:db8:1::5', '198.51.100.7', undefined, v6).address).toBe('2001:db8:1::5')
  })

  it('stops at an element that is not an address, keeping the last trusted hop', () => {
    expect(via('10.0.0.5', 'unknown', undefined, proxy).address).toBe('10.0.0.5')
    expect(via('10.0.0.5', '198.51.100.7, <script>', undefined, proxy).address).toBe('10.0.0.5')
    expect(via('10.0.0.5', '198.51.100.7, ', undefined, proxy).address).toBe('198.51.100.7')
  })

  it('writes IPv4-mapped IPv6 as plain IPv4', () => {
    expect(plainAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1')
    expect(plainAddress('2001:DB8::1')).toBe('2001:db8::1')
  })
})
