import { rdataFromData, type DataFields } from '../../../shared/dns/rdata'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { sql, type RecordRow } from './store'

/**
 * GET …/dns_records/export: the zone as a BIND file (text/plain), the way the service writes it:
 * absolute names, one section per type, and after each record `; <comment> cf_tags=<tags>` where the
 * reserved tag `cf-proxied:true|false` carries the proxy status (import reads it back).
 */

const TYPE_ORDER = [
  'SOA',
  'NS',
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'SRV',
  'CAA',
  'HTTPS',
  'SVCB',
  'PTR',
  'DS',
  'DNSKEY',
  'CERT',
  'LOC',
  'NAPTR',
  'SMIMEA',
  'SSHFP',
  'TLSA',
  'URI',
  'OPENPGPKEY',
]

const abs = (host: string) => (host === '.' || host.endsWith('.') ? host : `${host}.`)

function rdata(row: RecordRow): string {
  const data = row.data ? (JSON.parse(row.data) as DataFields) : undefined
  switch (row.type) {
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return abs(row.content)
    case 'MX':
      return `${row.priority ?? 0} ${abs(row.content)}`
    case 'SOA': {
      const [mname, rname, ...rest] = row.content.split(' ')
      return [abs(mname), abs(rname), ...rest].join(' ')
    }
    case 'SRV':
      return rdataFromData('SRV', { ...data!, target: abs(String(data!.target)) })
    case 'HTTPS':
    case 'SVCB':
      return rdataFromData(row.type, { ...data!, target: abs(String(data!.target)) })
    case 'NAPTR':
      return rdataFromData('NAPTR', { ...data!, replacement: abs(String(data!.replacement)) })
    default:
      return data ? rdataFromData(row.type, data, row.priority ?? undefined) : row.content
  }
}

function suffix(row: RecordRow): string {
  const tags = JSON.parse(row.tags) as string[]
  const all = row.proxiable === 1 || row.proxied === 1 ? [...tags, `cf-proxied:${row.proxied === 1}`] : tags
  const settings = JSON.parse(row.settings) as Record<string, boolean>
  if (settings.flatten_cname) all.push('cf-flatten-cname')
  const comment = row.comment ?? ''
  // The import reads tags after the last "cf_tags=": a comment holding those words gets an empty
  // list after it, so that it comes back whole.
  const tagList = all.length || comment.includes('cf_tags=') ? `cf_tags=${all.join(',')}` : ''
  const parts = [comment, tagList].filter(Boolean)
  return parts.length ? ` ; ${parts.join(' ')}` : ''
}

export function exportZone(db: Db, zone: ZoneRef, now: Date): string {
  const rows = sql(db, 'SELECT * FROM dns_records WHERE zone_id = ? ORDER BY name, rowid').all(zone.id) as RecordRow[]
  const lines = [
    ';;',
    `;; Domain:     ${zone.name}.`,
    `;; Exported:   ${now.toISOString().replace('T', ' ').slice(0, 19)}`,
    ';;',
    ';; This file is meant for backup and for moving records between zones: review it before',
    ';; loading it into another DNS server. Comments and tags follow each record as',
    ';; "; <comment> cf_tags=<tags>"; cf-proxied tells whether the record is proxied.',
    ';;',
  ]
  const known = new Set(TYPE_ORDER)
  const types = [...TYPE_ORDER, ...new Set(rows.map((r) => r.type).filter((t) => !known.has(t)))]
  for (const type of types) {
    const ofType = rows.filter((r) => r.type === type)
    if (!ofType.length) continue
    lines.push('', `;; ${type} Record${ofType.length > 1 ? 's' : ''}`)
    for (const r of ofType) lines.push(`${r.name}.\t${r.ttl}\tIN\t${r.type}\t${rdata(r)}${suffix(r)}`)
  }
  return lines.join('\n') + '\n'
}
