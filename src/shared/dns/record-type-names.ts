/**
 * The DNS record types by name, alone: the DNS route's URL check (part of every page's first load)
 * needs only these, not the facts and labels of ./record-types, which re-exports them.
 */

/** Types a user can create, in the order the record-type picker shows them. */
export const DNS_RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'CAA',
  'SRV',
  'SVCB',
  'HTTPS',
  'PTR',
  'NS',
  'DS',
  'DNSKEY',
  'URI',
  'NAPTR',
  'SSHFP',
  'TLSA',
  'SMIMEA',
  'CERT',
  'LOC',
  'OPENPGPKEY',
] as const
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number]

/** Every type a record in a list can have: the writable ones plus the automatic, read-only SOA. */
export const ALL_DNS_RECORD_TYPES = [...DNS_RECORD_TYPES, 'SOA'] as const
export type AnyDnsRecordType = (typeof ALL_DNS_RECORD_TYPES)[number]
