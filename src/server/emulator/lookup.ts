import { notFound } from './http'
import type { Db } from './module'

export interface ZoneRef {
  id: string
  name: string
  account_id: string
  status: string
}

/**
 * The zone a zone-scoped path names, or a 404 envelope.
 * Choice (the real API's answer for a well-formed unknown id is not documented): HTTP 404, code 1001.
 */
export function requireZone(db: Db, zoneId: string): ZoneRef {
  const zone = db.prepare('SELECT id, name, account_id, status FROM zones WHERE id = ?').get(zoneId) as ZoneRef | undefined
  if (!zone) throw notFound(1001, `Zone ${zoneId} was not found. Check the zone identifier (32 hexadecimal characters).`)
  return zone
}

export function requireAccount(db: Db, accountId: string): { id: string; name: string } {
  const acc = db.prepare('SELECT id, name FROM accounts WHERE id = ?').get(accountId) as { id: string; name: string } | undefined
  if (!acc) throw notFound(1001, `Account ${accountId} was not found. Check the account identifier.`)
  return acc
}
