import { stableId } from '../ids'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { searchText } from './schema'
import { sql } from './store'

/** Serial of the automatic SOA (the sandbox keeps it fixed). */
const SOA_SERIAL = 2050113701

/**
 * Every full zone served by the service's name servers has an SOA record, created automatically and
 * read-only (specification rule 11). Seeds call this; list and export call it too, so zones added
 * later by other areas get theirs on first use.
 */
export function ensureSoa(db: Db, zone: ZoneRef, now: string): void {
  const existing = sql(db, "SELECT 1 FROM dns_records WHERE zone_id = ? AND type = 'SOA' LIMIT 1").get(zone.id)
  if (existing) return
  const row = sql(db, 'SELECT type, name_servers FROM zones WHERE id = ?').get(zone.id) as
    { type: string; name_servers: string } | undefined
  if (!row || row.type !== 'full') return
  const ns = (JSON.parse(row.name_servers) as string[])[0] ?? 'ns.cloudflare.com'
  const content = `${ns} dns.cloudflare.com ${SOA_SERIAL} 10000 2400 604800 1800`
  sql(
    db,
    `INSERT INTO dns_records (id, zone_id, type, name, content, proxied, proxiable, ttl, meta, created_on, modified_on, search_text)
     VALUES (?, ?, 'SOA', ?, ?, 0, 0, 3600, ?, ?, ?, ?)`,
  ).run(
    stableId(`soa:${zone.id}`),
    zone.id,
    zone.name.toLowerCase(),
    content,
    JSON.stringify({ auto_added: true, managed_by_apps: false, managed_by_argo_tunnel: false, source: 'primary' }),
    now,
    now,
    searchText({ type: 'SOA', name: zone.name.toLowerCase(), content, comment: null, tags: '[]' }),
  )
}
