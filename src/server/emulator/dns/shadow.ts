import { delegationsByName, shadowMeta, type Delegation } from '../../../shared/dns/shadow'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'

/** The service computes shadow metadata only for pages (and batches) of up to 1,000 records. */
export const SHADOW_METADATA_LIMIT = 1000
const COUNT_CAP = 10_000

/**
 * Adds shadow metadata (`include_shadow_metadata=true`) to records of one zone: `shadowed_by`,
 * `is_glue`, `dead_glue` on shadowed records, `shadowed_records_count` on delegating NS records.
 */
export function withShadowMeta(db: Db, zone: ZoneRef, records: DnsRecord[]): DnsRecord[] {
  if (records.length > SHADOW_METADATA_LIMIT) return records
  const ns = db
    .prepare("SELECT id, name, content FROM dns_records WHERE zone_id = ? AND type = 'NS' AND name != ?")
    .all(zone.id, zone.name.toLowerCase()) as Delegation[]
  if (ns.length === 0) return records
  const delegations = delegationsByName(zone.name, ns)
  const counted = new Map<string, number>()
  const countBelow = (name: string) => {
    if (!counted.has(name)) {
      const row = db
        .prepare(
          `SELECT COUNT(*) AS n FROM (SELECT 1 FROM dns_records WHERE zone_id = ? AND (name = ? OR name LIKE ? ESCAPE '\\')
             AND NOT (type IN ('NS', 'DS') AND name = ?) LIMIT ${COUNT_CAP})`,
        )
        .get(zone.id, name, `%.${name.replace(/[\\%_]/g, (c) => `\\${c}`)}`, name) as { n: number }
      counted.set(name, row.n)
    }
    return counted.get(name)!
  }
  return records.map((r) => {
    const meta: DnsRecord['meta'] = { ...r.meta, ...shadowMeta(zone.name, delegations, r) }
    if (r.type === 'NS' && delegations.has(r.name)) {
      const n = countBelow(r.name)
      if (n > 0) meta.shadowed_records_count = n
    }
    return { ...r, meta }
  })
}
