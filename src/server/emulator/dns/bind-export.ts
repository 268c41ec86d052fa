import { rdataFromData, type DataFields } from '../../../shared/dns/rdata'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { sliceClock, type SliceClock } from '../slices'
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

const PAGE = 200

/**
 * The zone file, read a page of records at a time (by type, then name) with the event loop free
 * between slices, so that exporting the 10,000-record zone does not hold up other requests.
 */
export async function exportZone(db: Db, zone: ZoneRef, now: Date, clock: SliceClock = sliceClock()): Promise<string> {
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
  const present = (sql(db, 'SELECT DISTINCT type FROM dns_records WHERE zone_id = ?').all(zone.id) as { type: string }[]).map(
    (r) => r.type,
  )
  const known = new Set(TYPE_ORDER)
  const types = [...TYPE_ORDER.filter((t) => present.includes(t)), ...present.filter((t) => !known.has(t)).sort()]
  const page = sql(
    db,
    `SELECT rowid AS row_key, * FROM dns_records WHERE zone_id = ? AND type = ? AND (name > ? OR (name = ? AND rowid > ?))
     ORDER BY name, rowid LIMIT ${PAGE}`,
  )
  for (const type of types) {
    if (clock.due()) await clock.pause()
    let after = { name: '', rowid: -1 }
    let header = false
    for (;;) {
      const rows = page.all(zone.id, type, after.name, after.name, after.rowid) as (RecordRow & { row_key: number })[]
      if (!rows.length) break
      if (!header) {
        const count = (
          sql(db, 'SELECT COUNT(*) AS n FROM dns_records WHERE zone_id = ? AND type = ?').get(zone.id, type) as { n: number }
        ).n
        lines.push('', `;; ${type} Record${count > 1 ? 's' : ''}`)
        header = true
      }
      for (const r of rows) lines.push(`${r.name}.\t${r.ttl}\tIN\t${r.type}\t${rdata(r)}${suffix(r)}`)
      const last = rows[rows.length - 1]
      after = { name: last.name, rowid: last.row_key }
      if (rows.length < PAGE) break
      if (clock.due()) await clock.pause()
    }
  }
  return lines.join('\n') + '\n'
}
