import { lookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { parseIPv6 } from '../../shared/dns/ip'
import type { TrustedProxies } from '../http/trusted-proxies'

/**
 * Where a webhook may be sent. Anyone who may add a channel names a URL, and the server then posts
 * to it from inside its own network: without a check it would reach the server's loopback services,
 * the cloud's metadata address (169.254.169.254) or the private network behind it, and its delivery
 * errors would map which ports there are open. Such targets are refused when the channel is added
 * (an address in the URL) and again at delivery, after the name is resolved, on the very address the
 * connection then uses (so a name cannot resolve to a public address for the check and to a private
 * one for the connection). An administrator may name internal receivers in WEBHOOK_ALLOWED_NETWORKS.
 */
const LOCAL = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  LOCAL.addSubnet(net, bits, 'ipv4')
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fe80::', 10], // link-local
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  LOCAL.addSubnet(net, bits, 'ipv6')
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
function embeddedIPv4(ip: string): string | undefined {
  const g = parseIPv6(ip)
  if (!g) return undefined
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7] > 1)))) return quad(g[6], g[7])
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return quad(g[6], g[7])
  if (g[0] === 0x2002) return quad(g[1], g[2])
  return undefined
}

/** True when `ip` (a literal address) is on a loopback, link-local, private, unspecified or otherwise local network. */
export function isLocalAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '')
  const v = isIP(bare)
  if (v === 4) return LOCAL.check(bare, 'ipv4')
  if (v !== 6) return true // not an address at all: nothing to trust
  const v4 = embeddedIPv4(bare)
  return (v4 !== undefined && LOCAL.check(v4, 'ipv4')) || LOCAL.check(bare, 'ipv6')
}

export interface TargetPolicy {
  /** WEBHOOK_ALLOWED_NETWORKS: local addresses an administrator allows (internal receivers). */
  allowed?: TrustedProxies
}

const allowedAddress = (ip: string, policy: TargetPolicy) => !isLocalAddress(ip) || policy.allowed?.has(ip.replace(/^\[|\]$/g, '')) === true

export const LOCAL_TARGET_WORDS =
  'The webhook address is on a loopback, link-local or private network, where this server does not send alerts (an administrator can allow internal receivers with WEBHOOK_ALLOWED_NETWORKS).'

/**
 * Why a webhook URL may not be added, or undefined. The URL parser has already turned decimal, hex
 * and short IPv4 forms (`http://2130706433/`, `http://0x7f.1/`) into dotted quads; names are checked
 * after resolution, at delivery (`localhost` and its subdomains resolve locally by definition).
 */
export function targetProblem(url: string, policy: TargetPolicy): string | undefined {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return 'The webhook URL is not a URL.'
  }
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  if (isIP(bare)) return allowedAddress(bare, policy) ? undefined : LOCAL_TARGET_WORDS
  if (bare === 'localhost' || bare.endsWith('.localhost')) return policy.allowed?.has('127.0.0.1') ? undefined : LOCAL_TARGET_WORDS
  return undefined
}

/** A refusal of the target itself (not a network failure): its words may be shown as they are. */
export class TargetRefused extends Error {}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for the delivery's connection: resolves the name as usual, then refuses when any of its
 * addresses is local and not allowed, so the address connected to is the one checked.
 */
export function checkedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
      if (err) return callback(err, [])
      if (!addresses.length || addresses.some((a) => !allowedAddress(a.address, policy))) {
        return callback(new TargetRefused(LOCAL_TARGET_WORDS) as NodeJS.ErrnoException, [])
      }
      if (options.all) return callback(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}
