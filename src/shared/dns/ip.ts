/**
 * IPv4 / IPv6 parsing, canonical forms and range checks, without Node APIs (the form uses them too).
 */

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const IPV4_RE = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`)

/** A dotted quad with four decimal parts 0–255 and no leading zeros (short forms like "1.1" are refused). */
export const isIPv4 = (s: string): boolean => IPV4_RE.test(s)

/** The IPv4 address as an unsigned 32-bit number, or undefined when it is not a dotted quad. */
export function ipv4ToNumber(s: string): number | undefined {
  if (!isIPv4(s)) return undefined
  return s.split('.').reduce((acc, part) => acc * 256 + Number(part), 0)
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function parseIPv6(input: string): number[] | undefined {
  const s = input.trim()
  if (s === '' || s.includes('%') || !/^[0-9a-fA-F:.]+$/.test(s)) return undefined
  const halves = s.split('::')
  if (halves.length > 2) return undefined
  const parseSide = (side: string, allowV4Tail: boolean): number[] | undefined => {
    if (side === '') return []
    const parts = side.split(':')
    const groups: number[] = []
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]
      if (allowV4Tail && i === parts.length - 1 && p.includes('.')) {
        const n = ipv4ToNumber(p)
        if (n === undefined) return undefined
        groups.push(Math.floor(n / 65536), n % 65536)
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) {
        groups.push(parseInt(p, 16))
      } else {
        return undefined
      }
    }
    return groups
  }
  if (halves.length === 1) {
    const groups = parseSide(halves[0], true)
    return groups && groups.length === 8 ? groups : undefined
  }
  const head = parseSide(halves[0], false)
  const tail = parseSide(halves[1], true)
  if (!head || !tail || head.length + tail.length > 7) return undefined
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

export const isIPv6 = (s: string): boolean => parseIPv6(s) !== undefined

/**
 * RFC 5952 text of an IPv6 address: lower case, no leading zeros, the longest run of two or more
 * zero groups (the first one on a tie) written as "::"; IPv4-mapped addresses keep the dotted tail.
 * `fe80::0:0:1` → `fe80::1`. Returns the input unchanged when it is not an IPv6 address.
 */
export function canonicalIPv6(input: string): string {
  const g = parseIPv6(input)
  if (!g) return input
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return `::ffff:${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`
  }
  let bestStart = -1
  let bestLen = 0
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && g[j] === 0) j++
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i
      bestLen = j - i
    }
    i = j
  }
  const hex = g.map((x) => x.toString(16))
  if (bestStart < 0) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`
}

interface CompiledCidr {
  v4?: { base: number; size: number }
  v6?: { groups: number[]; bits: number }
}
const compiled = new Map<string, CompiledCidr>()

function compileCidr(cidr: string): CompiledCidr {
  let c = compiled.get(cidr)
  if (c) return c
  const [base, bitsText] = cidr.split('/')
  const bits = Number(bitsText)
  const b4 = ipv4ToNumber(base)
  if (b4 !== undefined) {
    const size = 2 ** (32 - bits)
    c = { v4: { base: Math.floor(b4 / size), size } }
  } else {
    const g = parseIPv6(base)
    c = g ? { v6: { groups: g, bits } } : {}
  }
  compiled.set(cidr, c)
  return c
}

function inV6(a6: number[], range: { groups: number[]; bits: number }): boolean {
  let left = range.bits
  for (let i = 0; i < 8 && left > 0; i++) {
    const take = Math.min(16, left)
    const mask = (0xffff << (16 - take)) & 0xffff
    if ((a6[i] & mask) !== (range.groups[i] & mask)) return false
    left -= take
  }
  return true
}

/** Whether `ip` (IPv4 or IPv6 text) lies inside any of `cidrs` ("104.16.0.0/13", "2606:4700::/32"). */
export function inAnyCidr(ip: string, cidrs: readonly string[]): string | undefined {
  if (ip.includes(':')) {
    const a6 = parseIPv6(ip)
    if (!a6) return undefined
    return cidrs.find((cidr) => {
      const c = compileCidr(cidr)
      return c.v6 !== undefined && inV6(a6, c.v6)
    })
  }
  const a4 = ipv4ToNumber(ip)
  if (a4 === undefined) return undefined
  return cidrs.find((cidr) => {
    const c = compileCidr(cidr)
    return c.v4 !== undefined && Math.floor(a4 / c.v4.size) === c.v4.base
  })
}

/** Whether `ip` (IPv4 or IPv6 text) lies inside `cidr`. */
export const inCidr = (ip: string, cidr: string): boolean => inAnyCidr(ip, [cidr]) !== undefined

const PRIVATE_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
]

/** Private, loopback and link-local addresses: reachable only inside a network, so never proxiable. */
export const isPrivateAddress = (ip: string): boolean => inAnyCidr(ip, PRIVATE_RANGES) !== undefined
