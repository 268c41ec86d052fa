/**
 * DNS record types and the small facts about them that the form, the proxy and the sandbox share.
 * The specification names 20 types (SOA included); the real API also accepts LOC and OPENPGPKEY,
 * so they are accepted too (a valid real-world request must pass).
 */

import { DNS_RECORD_TYPES, type AnyDnsRecordType, type DnsRecordType } from './record-type-names'

export { ALL_DNS_RECORD_TYPES, DNS_RECORD_TYPES, type AnyDnsRecordType, type DnsRecordType } from './record-type-names'

/** Types written through `data`; their `content` is a read-only summary built from it. */
export const DATA_TYPES = [
  'CAA',
  'CERT',
  'DNSKEY',
  'DS',
  'HTTPS',
  'SVCB',
  'LOC',
  'NAPTR',
  'SMIMEA',
  'TLSA',
  'SRV',
  'SSHFP',
  'URI',
] as const
export type DataRecordType = (typeof DATA_TYPES)[number]

/** Types that carry a top-level `priority` in requests (SRV echoes `data.priority` there in responses). */
export const PRIORITY_TYPES = ['MX', 'URI'] as const

/** Only address records (and CNAMEs that lead to them) can go through the service's proxy. */
export const PROXIABLE_TYPES = ['A', 'AAAA', 'CNAME'] as const

export const isDnsRecordType = (t: string): t is DnsRecordType => (DNS_RECORD_TYPES as readonly string[]).includes(t)
export const isDataType = (t: string): t is DataRecordType => (DATA_TYPES as readonly string[]).includes(t)
export const isProxiableType = (t: string): boolean => (PROXIABLE_TYPES as readonly string[]).includes(t)
export const hasTopLevelPriority = (t: string): boolean => (PRIORITY_TYPES as readonly string[]).includes(t)

/** `ttl: 1` means "Automatic", which the service serves as 300 seconds. */
export const TTL_AUTO = 1
export const TTL_AUTO_SECONDS = 300
export const TTL_MIN = 60
export const TTL_MAX = 86_400

export const isValidTtl = (ttl: number): boolean =>
  Number.isInteger(ttl) && (ttl === TTL_AUTO || (ttl >= TTL_MIN && ttl <= TTL_MAX))

/** The TTL a record is saved with: proxied records are always Automatic. */
export const effectiveTtl = (ttl: number | undefined, proxied: boolean | undefined): number =>
  proxied ? TTL_AUTO : (ttl ?? TTL_AUTO)

/** Human text for a TTL value ("Auto", "5 min", "1 h", "1 day"...). */
export function formatTtl(ttl: number): string {
  if (ttl === TTL_AUTO) return 'Auto'
  if (ttl % 86_400 === 0) return ttl === 86_400 ? '1 day' : `${ttl / 86_400} days`
  if (ttl % 3600 === 0) return `${ttl / 3600} h`
  if (ttl % 60 === 0) return `${ttl / 60} min`
  return `${ttl} s`
}

/** Plain-words description of each type, for pickers and help text. */
export const DNS_RECORD_TYPE_LABELS: Record<AnyDnsRecordType, string> = {
  A: 'IPv4 address',
  AAAA: 'IPv6 address',
  CNAME: 'Alias to another name',
  MX: 'Mail server',
  TXT: 'Text (SPF, DKIM, DMARC, verification)',
  CAA: 'Allowed certificate authorities',
  SRV: 'Service location',
  SVCB: 'Service binding',
  HTTPS: 'HTTPS service binding',
  PTR: 'Reverse lookup pointer',
  NS: 'Name server delegation',
  DS: 'Delegation signer (DNSSEC)',
  DNSKEY: 'DNSSEC public key',
  URI: 'URI',
  NAPTR: 'Naming authority pointer',
  SSHFP: 'SSH key fingerprint',
  TLSA: 'TLS certificate association (DANE)',
  SMIMEA: 'S/MIME certificate association',
  CERT: 'Certificate',
  LOC: 'Geographic location',
  OPENPGPKEY: 'OpenPGP public key',
  SOA: 'Start of authority (automatic)',
}
