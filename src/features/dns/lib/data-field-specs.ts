import type { DataRecordType } from '@/shared/dns/record-types'

/**
 * The separate fields of each data-based record type, in the order a zone file writes them, each
 * with plain-words help. The rules themselves (ranges, required) come from the shared schema.
 */
export interface DataFieldSpec {
  key: string
  label: string
  kind: 'int' | 'number' | 'text' | 'textarea' | 'select'
  help: string
  min?: number
  max?: number
  options?: { value: string; label: string }[]
  mono?: boolean
  /** A valid value, shown as the placeholder (and used by the tests). */
  example: string | number
}

const u8 = { kind: 'int', min: 0, max: 255 } as const
const u16 = { kind: 'int', min: 0, max: 65_535 } as const
const blob = { kind: 'textarea', mono: true } as const

const svcb: DataFieldSpec[] = [
  { key: 'priority', label: 'Priority', ...u16, example: 1, help: '0 makes this record an alias of the target; 1 or more are tried from the lowest number up.' },
  { key: 'target', label: 'Target', kind: 'text', mono: true, example: '.', help: 'The host that serves it. A single dot (.) means this same name.' },
  { key: 'value', label: 'Parameters', kind: 'text', mono: true, example: 'alpn="h3,h2"', help: 'Optional connection hints, such as alpn="h3,h2" (supported protocols) or port="8443".' },
]

const tlsa: DataFieldSpec[] = [
  { key: 'usage', label: 'Usage', ...u8, example: 3, help: 'How the certificate is checked: 3 = this exact certificate or key (most common), 2 = a private authority, 0–1 = a public authority.' },
  { key: 'selector', label: 'Selector', ...u8, example: 1, help: '0 = the whole certificate, 1 = only its public key.' },
  { key: 'matching_type', label: 'Matching type', ...u8, example: 1, help: '0 = the data itself, 1 = its SHA-256 hash, 2 = its SHA-512 hash.' },
  { key: 'certificate', label: 'Certificate data', ...blob, example: 'a1b2c3d4e5f6', help: 'The certificate data or hash, in hexadecimal.' },
]

export const DATA_FIELD_SPECS: Record<DataRecordType, DataFieldSpec[]> = {
  CAA: [
    { key: 'flags', label: 'Flags', ...u8, example: 0, help: 'Leave at 0. 128 tells authorities that do not understand the tag to refuse.' },
    {
      key: 'tag',
      label: 'Rule',
      kind: 'select',
      example: 'issue',
      options: [
        { value: 'issue', label: 'issue: who may issue certificates' },
        { value: 'issuewild', label: 'issuewild: who may issue wildcard certificates' },
        { value: 'iodef', label: 'iodef: where to report problems' },
      ],
      help: 'What this record allows or asks for.',
    },
    { key: 'value', label: 'Value', kind: 'text', mono: true, example: 'letsencrypt.org', help: 'For issue rules: the authority\'s domain, such as letsencrypt.org (";" allows none). For iodef: a mailto: or https: address.' },
  ],
  CERT: [
    { key: 'type', label: 'Certificate type', ...u16, example: 1, help: '1 = X.509 (PKIX), 3 = OpenPGP.' },
    { key: 'key_tag', label: 'Key tag', ...u16, example: 12345, help: 'A number that identifies the key.' },
    { key: 'algorithm', label: 'Algorithm', ...u8, example: 8, help: 'The key algorithm number (8 = RSA/SHA-256, 13 = ECDSA P-256).' },
    { key: 'certificate', label: 'Certificate', ...blob, example: 'MIIB', help: 'The certificate, in base64.' },
  ],
  DNSKEY: [
    { key: 'flags', label: 'Flags', ...u16, example: 257, help: '257 = key-signing key, 256 = zone-signing key.' },
    { key: 'protocol', label: 'Protocol', ...u8, example: 3, help: 'Always 3.' },
    { key: 'algorithm', label: 'Algorithm', ...u8, example: 13, help: 'The key algorithm number (13 = ECDSA P-256, 8 = RSA/SHA-256).' },
    { key: 'public_key', label: 'Public key', ...blob, example: 'mdsswUyr3DPW', help: 'The public key, in base64.' },
  ],
  DS: [
    { key: 'key_tag', label: 'Key tag', ...u16, example: 2371, help: 'The tag of the child zone\'s key-signing key.' },
    { key: 'algorithm', label: 'Algorithm', ...u8, example: 13, help: 'The algorithm of that key (13 = ECDSA P-256).' },
    { key: 'digest_type', label: 'Digest type', ...u8, example: 2, help: '2 = SHA-256 (most common), 4 = SHA-384.' },
    { key: 'digest', label: 'Digest', ...blob, example: '1F987CC6583E', help: 'The hash of the key, in hexadecimal, as the child zone\'s DNS provider shows it.' },
  ],
  HTTPS: svcb,
  SVCB: svcb,
  LOC: [
    { key: 'lat_degrees', label: 'Latitude degrees', kind: 'int', min: 0, max: 90, example: 52, help: '' },
    { key: 'lat_minutes', label: 'Latitude minutes', kind: 'int', min: 0, max: 59, example: 22, help: '' },
    { key: 'lat_seconds', label: 'Latitude seconds', kind: 'number', min: 0, max: 59.999, example: 23, help: '' },
    { key: 'lat_direction', label: 'North or south', kind: 'select', example: 'N', options: [{ value: 'N', label: 'N (north)' }, { value: 'S', label: 'S (south)' }], help: '' },
    { key: 'long_degrees', label: 'Longitude degrees', kind: 'int', min: 0, max: 180, example: 4, help: '' },
    { key: 'long_minutes', label: 'Longitude minutes', kind: 'int', min: 0, max: 59, example: 53, help: '' },
    { key: 'long_seconds', label: 'Longitude seconds', kind: 'number', min: 0, max: 59.999, example: 32, help: '' },
    { key: 'long_direction', label: 'East or west', kind: 'select', example: 'E', options: [{ value: 'E', label: 'E (east)' }, { value: 'W', label: 'W (west)' }], help: '' },
    { key: 'altitude', label: 'Altitude (m)', kind: 'number', min: -100_000, max: 42_849_672.95, example: 0, help: 'Metres above sea level (negative below).' },
    { key: 'size', label: 'Size (m)', kind: 'number', min: 0, max: 90_000_000, example: 1, help: 'Diameter of the place described.' },
    { key: 'precision_horz', label: 'Horizontal precision (m)', kind: 'number', min: 0, max: 90_000_000, example: 10_000, help: '' },
    { key: 'precision_vert', label: 'Vertical precision (m)', kind: 'number', min: 0, max: 90_000_000, example: 10, help: '' },
  ],
  NAPTR: [
    { key: 'order', label: 'Order', ...u16, example: 100, help: 'Records with lower numbers are used first.' },
    { key: 'preference', label: 'Preference', ...u16, example: 10, help: 'Among records of the same order, lower numbers are preferred.' },
    { key: 'flags', label: 'Flags', kind: 'text', example: 'S', help: 'S = next look up an SRV record, A = an address, U = the result is a URI; empty = keep rewriting.' },
    { key: 'service', label: 'Service', kind: 'text', example: 'SIP+D2U', help: 'The service and protocol, such as SIP+D2U.' },
    { key: 'regex', label: 'Regular expression', kind: 'text', mono: true, example: '', help: 'Rewrite rule; leave empty when a replacement name is given.' },
    { key: 'replacement', label: 'Replacement', kind: 'text', mono: true, example: '_sip._udp.example.com', help: 'The next name to look up; a single dot (.) when the regular expression is used.' },
  ],
  SMIMEA: tlsa,
  TLSA: tlsa,
  SRV: [
    { key: 'priority', label: 'Priority', ...u16, example: 10, help: 'Servers with lower numbers are tried first.' },
    { key: 'weight', label: 'Weight', ...u16, example: 5, help: 'Among servers of the same priority, a higher weight gets a larger share of the traffic.' },
    { key: 'port', label: 'Port', ...u16, example: 5060, help: 'The port the service listens on, such as 5060 for SIP or 993 for IMAPS.' },
    { key: 'target', label: 'Target', kind: 'text', mono: true, example: 'sip.example.com', help: 'The host name of the server (not an IP address). A single dot (.) says the service is not offered.' },
  ],
  SSHFP: [
    { key: 'algorithm', label: 'Algorithm', ...u8, example: 4, help: 'Key algorithm: 1 = RSA, 3 = ECDSA, 4 = Ed25519.' },
    { key: 'type', label: 'Fingerprint type', ...u8, example: 2, help: '1 = SHA-1, 2 = SHA-256.' },
    { key: 'fingerprint', label: 'Fingerprint', ...blob, example: 'a1b2c3d4', help: 'The key fingerprint in hexadecimal (ssh-keygen -r prints it).' },
  ],
  URI: [
    { key: 'target', label: 'Target URI', kind: 'text', mono: true, example: 'https://example.com/service', help: 'The address this name points to, such as ftp://ftp.example.com/public.' },
    { key: 'weight', label: 'Weight', ...u16, example: 1, help: 'Among records of the same priority, a higher weight is picked more often.' },
  ],
}

/** The data keys of a type (the form keeps only these when it sends the record). */
export const dataKeys = (type: DataRecordType): string[] => DATA_FIELD_SPECS[type].map((s) => s.key)
