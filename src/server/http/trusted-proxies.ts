import { BlockList, isIP } from 'node:net'
import { z } from 'zod'
import { optionalText, parseEnv } from '../env'

/**
 * TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed.
 * Without it both headers are ignored (anyone can send them): the client is the socket's peer and
 * a request is HTTPS only when it reached this server over TLS itself.
 */
export interface TrustedProxies {
  /** The entries as given (normalised), for the start-up log. */
  entries: string[]
  /** True when this address (IPv4, IPv6 or IPv4-mapped IPv6) is one of the trusted proxies. */
  has(address: string): boolean
}

/** `::ffff:192.0.2.1` (how a dual-stack socket names an IPv4 peer) → `192.0.2.1`; IPv6 lower-case. */
export function plainAddress(address: string): string {
  const a = address.trim().toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a)
  return mapped ? mapped[1] : a
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/** One entry: an address or a CIDR range; the error names what is wrong. */
const entrySchema = z.string().transform((raw, ctx) => {
  const [address, bits, extra] = raw.split('/')
  const ip = plainAddress(address)
  const version = isIP(ip)
  const max = version === 6 ? 128 : 32
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN
  if (version === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
    ctx.addIssue({
      code: 'custom',
      message: `"${raw}" is not an IPv4 or IPv6 address or a CIDR range (like 10.0.0.0/8 or fd00::/8)`,
    })
    return z.NEVER
  }
  return { ip, prefix, version, text: bits === undefined ? ip : `${ip}/${prefix}` }
})

/** TRUSTED_PROXIES (`10.0.0.5, 10.1.0.0/16, fd00::/8`): undefined when unset; every bad entry named at once. */
export const trustedProxiesSchema = optionalText.transform((raw, ctx): TrustedProxies | undefined => {
  if (raw === undefined) return undefined
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => entrySchema.safeParse(e))
  const bad = entries.flatMap((e) => (e.success ? [] : e.error.issues.map((i) => i.message)))
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: `must list addresses or CIDR ranges: ${bad.join('; ')}` })
    return z.NEVER
  }
  const good = entries.flatMap((e) => (e.success ? [e.data] : []))
  const list = new BlockList()
  for (const e of good) {
    if (e.prefix === (e.version === 6 ? 128 : 32)) list.addAddress(e.ip, family(e.ip))
    else list.addSubnet(e.ip, e.prefix, family(e.ip))
  }
  return {
    entries: good.map((e) => e.text),
    has(address) {
      const ip = plainAddress(address)
      return isIP(ip) !== 0 && list.check(ip, family(ip))
    },
  }
})

/** Parses TRUSTED_PROXIES on its own (tests, and servers built in code); throws naming bad entries. */
export const parseTrustedProxies = (raw: string | undefined): TrustedProxies | undefined =>
  parseEnv(z.object({ TRUSTED_PROXIES: trustedProxiesSchema }), { TRUSTED_PROXIES: raw }).TRUSTED_PROXIES

/**
 * One X-Forwarded-For element as an address: `192.0.2.1`, `[2001:db8::1]:443`, `192.0.2.1:5678`
 * (some proxies add the port); undefined when it is not an address (`unknown`, garbage).
 */
function forwardedAddress(element: string): string | undefined {
  let a = element.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a)
  if (bracketed) a = bracketed[1]
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'))
  a = plainAddress(a)
  return isIP(a) ? a : undefined
}

export interface ClientInfo {
  /** The client's address: the peer, or behind trusted proxies the last untrusted X-Forwarded-For hop. */
  address: string
  /** The client reached the front proxy over HTTPS (X-Forwarded-Proto from a trusted peer), or this server directly. */
  https: boolean
}

/**
 * Who the client is. Headers are believed only from a trusted peer: walking X-Forwarded-For from
 * its end (the hop the nearest proxy appended), each trusted proxy passes the question on to the
 * address before it; the first address that is not a trusted proxy is the client. Anything left of
 * it was written by the client and is ignored. An element that is not an address stops the walk at
 * the last proxy that was trusted. X-Forwarded-Proto: its first value (the front proxy's scheme).
 */
export function resolveClient(
  peer: string,
  headers: { forwardedFor?: string; forwardedProto?: string; tls: boolean },
  trusted: TrustedProxies | undefined,
): ClientInfo {
  const address = plainAddress(peer)
  if (!trusted || !trusted.has(address)) return { address, https: headers.tls }
  let client = address
  const hops = (headers.forwardedFor ?? '').split(',')
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!hops[i].trim()) continue
    const hop = forwardedAddress(hops[i])
    if (hop === undefined) break
    client = hop
    if (!trusted.has(hop)) break
  }
  const proto = headers.forwardedProto?.split(',')[0]?.trim().toLowerCase()
  return { address: client, https: proto === undefined || proto === '' ? headers.tls : proto === 'https' }
}
