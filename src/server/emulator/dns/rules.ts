import type { NormalisedRecord } from '../../../shared/dns/normalise'
import { NAME_MAX_LENGTH } from '../../../shared/dns/names'
import { ApiError, badRequest } from '../http'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { checkPlanAttributes } from './plan'
import { checkNsSharing, checkTxtNameTotal } from './same-name-rules'
import { sql } from './store'

/**
 * The service's own rules, which need the zone and its other records (the shared schema has
 * already checked each field). Every failure is a 400 with the API's code and a pointer.
 */

/** A proxied CNAME whose chain does not end at an address yet; import retries these after the rest. */
export class ChainError extends ApiError {}

const inZone = (host: string, zone: string) => host === zone || host.endsWith(`.${zone}`)

/** Name checks that need the zone: inside it, and not too long once qualified. */
export function checkNameInZone(givenName: string, fqdn: string | undefined, zone: ZoneRef): string {
  if (fqdn === undefined) {
    throw badRequest(
      9000,
      `${givenName} is outside the zone ${zone.name}. Use a name that ends in ${zone.name}, a relative name such as www, or @.`,
      '/name',
    )
  }
  if (fqdn.length > NAME_MAX_LENGTH) {
    throw badRequest(
      9000,
      `With the zone added, the name is longer than ${NAME_MAX_LENGTH} characters. Use a shorter name.`,
      '/name',
    )
  }
  return fqdn
}

const typesAt = (db: Db, zoneId: string, name: string, excludeId: string) =>
  (
    sql(db, "SELECT DISTINCT type FROM dns_records WHERE zone_id = ? AND name = ? AND id != ? AND type != 'SOA'").all(
      zoneId,
      name,
      excludeId,
    ) as { type: string }[]
  ).map((r) => r.type)

const list = (types: string[]) => types.map((t) => (/^[AEIOU]/.test(t) ? `an ${t}` : `a ${t}`)).join(', ')

/** Exact duplicates (81058) and CNAME-beside-anything conflicts (81053 / 81054). */
export function checkConflicts(db: Db, zone: ZoneRef, rec: NormalisedRecord, excludeId = ''): void {
  const dup = sql(
    db,
    `SELECT 1 FROM dns_records WHERE zone_id = ? AND name = ? AND type = ? AND content = ? AND IFNULL(priority, -1) = ? AND id != ? LIMIT 1`,
  ).get(zone.id, rec.name, rec.type, rec.content, rec.priority ?? -1, excludeId)
  if (dup) {
    throw badRequest(
      81058,
      `An identical record already exists: ${rec.type} ${rec.name} ${rec.content}. Change the content, or keep the existing record.`,
    )
  }
  const others = typesAt(db, zone.id, rec.name, excludeId)
  if (rec.type === 'CNAME' && others.length) {
    throw badRequest(
      81053,
      `An A, AAAA, or CNAME record with that host already exists: ${rec.name} already has ${list(others)} record. ` +
        'A CNAME cannot share its name with any other record: choose another name, or delete the other records first.',
      '/name',
    )
  }
  if (rec.type !== 'CNAME' && others.includes('CNAME')) {
    throw badRequest(
      81054,
      `A CNAME record with that host already exists: ${rec.name} is an alias, and an alias cannot have other records beside it. ` +
        'Choose another name, or delete the CNAME first.',
      '/name',
    )
  }
}

/**
 * A proxied CNAME must lead to an address: follow the chain while its targets stay inside the zone;
 * the last in-zone name must hold an A or AAAA record (a wildcard `*.parent` counts). Targets outside
 * the zone are resolved on the internet and accepted.
 */
export function checkProxiedChain(db: Db, zone: ZoneRef, rec: NormalisedRecord, excludeId = ''): void {
  if (rec.type !== 'CNAME' || !rec.proxied) return
  const zoneName = zone.name.toLowerCase()
  const seen = new Set<string>([rec.name])
  let target = rec.content
  for (let hop = 0; hop < 16; hop++) {
    if (!inZone(target, zoneName)) return
    if (seen.has(target)) {
      throw new ChainError(400, [
        {
          code: 1004,
          message: `The CNAME chain loops back to ${target}, so it never reaches an address and cannot be proxied.`,
          source: { pointer: '/content' },
        },
      ])
    }
    seen.add(target)
    const candidates = [target, target === zoneName ? target : `*.${target.slice(target.indexOf('.') + 1)}`]
    let next: string | undefined
    for (const name of candidates) {
      const rows = sql(
        db,
        "SELECT type, content FROM dns_records WHERE zone_id = ? AND name = ? AND id != ? AND type IN ('A', 'AAAA', 'CNAME')",
      ).all(zone.id, name, excludeId) as { type: string; content: string }[]
      if (rows.some((r) => r.type === 'A' || r.type === 'AAAA')) return
      const cname = rows.find((r) => r.type === 'CNAME')
      if (cname) {
        next = cname.content
        break
      }
    }
    if (next === undefined) {
      throw new ChainError(400, [
        {
          code: 1004,
          message:
            `This CNAME is proxied, so its chain must end at an A or AAAA record, but ${target} has none in this zone. ` +
            `Add an A or AAAA record for ${target}, point the CNAME elsewhere, or turn proxying off.`,
          source: { pointer: '/content' },
        },
      ])
    }
    target = next
  }
  throw new ChainError(400, [
    { code: 1004, message: 'The CNAME chain is too long (more than 16 steps) to be proxied.', source: { pointer: '/content' } },
  ])
}

/** Every zone-level rule, in the order the user should hear about them. */
export function checkRecordRules(db: Db, zone: ZoneRef, rec: NormalisedRecord, excludeId = ''): void {
  if (rec.type === 'CNAME' && rec.content === rec.name) {
    throw badRequest(1004, 'A CNAME cannot point to its own name. Enter a different target.', '/content')
  }
  checkPlanAttributes(db, zone.id, rec)
  checkNsSharing(db, zone, rec, excludeId)
  checkConflicts(db, zone, rec, excludeId)
  checkTxtNameTotal(db, zone, rec, excludeId)
  checkProxiedChain(db, zone, rec, excludeId)
}
