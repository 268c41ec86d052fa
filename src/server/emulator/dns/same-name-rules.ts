import type { NormalisedRecord } from '../../../shared/dns/normalise'
import { TXT_NAME_TOTAL_CODE, TXT_NAME_TOTAL_MAX, txtNameTotal } from '../../../shared/dns/txt'
import { badRequest } from '../http'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { sql } from './store'

/**
 * Rules about the records that share one name (api-notes §3.5), besides the CNAME rules in rules.ts.
 * `excludeId` is the record being rewritten (PUT/PATCH), which never conflicts with itself.
 */

export const NS_CONFLICT_CODE = 81056

const article = (t: string) => (/^[AEIOU]/.test(t) ? `an ${t}` : `a ${t}`)

/**
 * NS records delegate a name to other name servers, so nothing else may live there: NS cannot be
 * added where other records exist, and nothing but more NS can be added where NS exist.
 *
 * Two deliberate exceptions:
 * - The zone apex. It always holds the automatic SOA and the service's own NS records; those NS are
 *   not rows in our store (the seed has none: the zone's `name_servers` answer for them), and NS
 *   rows a user adds at the apex are the "multi-provider DNS" case, where they are served beside the
 *   service's own and naturally sit next to the apex A/MX/TXT records. The rule applies below the apex.
 * - DS. A DS record belongs exactly at a delegation point (it is the parent's half of DNSSEC for the
 *   delegated name, RFC 4035 §2.4), and the service's own how-to for delegating a subdomain says to
 *   add the DS next to the NS records. The demo seed does this (lab.example.com).
 */
export function checkNsSharing(db: Db, zone: ZoneRef, rec: NormalisedRecord, excludeId = ''): void {
  if (rec.name === zone.name.toLowerCase() || rec.type === 'DS') return
  const rows = sql(
    db,
    "SELECT DISTINCT type FROM dns_records WHERE zone_id = ? AND name = ? AND id != ? AND type NOT IN ('SOA', 'DS')",
  ).all(zone.id, rec.name, excludeId) as { type: string }[]
  const types = rows.map((r) => r.type)
  if (rec.type === 'NS') {
    const others = types.filter((t) => t !== 'NS')
    if (!others.length) return
    throw badRequest(
      NS_CONFLICT_CODE,
      `Other records already use that name: ${rec.name} has ${others.map(article).join(', ')} record. ` +
        'NS records hand a name over to other name servers, so they cannot share it with other records ' +
        '(only a DS record may sit beside them). Choose another name, or delete the other records first.',
      '/name',
    )
  }
  if (types.includes('NS')) {
    throw badRequest(
      NS_CONFLICT_CODE,
      `NS records with that name already exist: ${rec.name} is handed over to other name servers, so ${article(rec.type)} ` +
        'record cannot be added there (only more NS records or a DS record can). Choose another name, or delete the NS records first.',
      '/name',
    )
  }
}

/** All TXT records at one name together hold at most 8,192 characters of content (as saved). */
export function checkTxtNameTotal(db: Db, zone: ZoneRef, rec: NormalisedRecord, excludeId = ''): void {
  if (rec.type !== 'TXT') return
  const rows = sql(db, "SELECT content FROM dns_records WHERE zone_id = ? AND name = ? AND id != ? AND type = 'TXT'").all(
    zone.id,
    rec.name,
    excludeId,
  ) as { content: string }[]
  const existing = rows.map((r) => r.content)
  const total = txtNameTotal(existing, rec.content)
  if (total <= TXT_NAME_TOTAL_MAX) return
  const used = total - rec.content.length
  throw badRequest(
    TXT_NAME_TOTAL_CODE,
    `Too much text at ${rec.name}: all TXT records at one name may hold at most ${TXT_NAME_TOTAL_MAX} characters together, ` +
      `and the ${existing.length} other TXT record${existing.length === 1 ? '' : 's'} there already use ${used}, ` +
      `so this one can have at most ${Math.max(0, TXT_NAME_TOTAL_MAX - used)} (it has ${rec.content.length}, quotes included). ` +
      'Shorten the text, or remove a TXT record at that name.',
    '/content',
  )
}
