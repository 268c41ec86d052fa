import { normaliseRecordInput, type NormalisedRecord } from '../../../shared/dns/normalise'
import { toFqdn } from '../../../shared/dns/names'
import { isDataType } from '../../../shared/dns/record-types'
import { dnsRecordInputSchema, type DnsRecord } from '../../../shared/schemas/dns-record'
import { dnsRecordPatchSchema } from '../../../shared/schemas/dns-record-patch'
import { badRequest, notFound, validate } from '../http'
import { newId } from '../ids'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { checkNameInZone, checkRecordRules } from './rules'
import { deleteRow, getRow, insertRecord, toApiRecord, updateRow, type RecordMeta, type RecordRow } from './store'

/** Default code for validation failures without a rule-specific code ("DNS Validation Error"). */
export const DNS_VALIDATION_CODE = 1004

export const recordNotFound = () => notFound(81044, 'Record does not exist. It may have been deleted already: reload the list.')

const soaReadOnly = () =>
  badRequest(1004, 'The SOA record is created automatically for the zone and cannot be changed or deleted.', '/type')

/** Validated, normalised and checked against the zone: ready to store. */
export function prepareRecord(db: Db, zone: ZoneRef, body: unknown, excludeId = ''): NormalisedRecord {
  const input = validate(dnsRecordInputSchema, body, DNS_VALIDATION_CODE)
  const rec = normaliseRecordInput(input, zone.name)
  rec.name = checkNameInZone(input.name, toFqdn(input.name, zone.name), zone)
  checkRecordRules(db, zone, rec, excludeId)
  return rec
}

export function createRecord(db: Db, zone: ZoneRef, body: unknown, now: Date, meta?: RecordMeta): DnsRecord {
  const rec = prepareRecord(db, zone, body)
  const id = newId()
  insertRecord(db, rec, { id, zoneId: zone.id, now: now.toISOString(), meta })
  return toApiRecord(getRow(db, zone.id, id)!)
}

/** The stored record written back as an input body (the base a PATCH is merged onto). */
export function rowToInput(row: RecordRow): Record<string, unknown> {
  const input: Record<string, unknown> = {
    type: row.type,
    name: row.name,
    ttl: row.ttl,
    proxied: row.proxied === 1,
    comment: row.comment,
    tags: JSON.parse(row.tags) as string[],
    settings: JSON.parse(row.settings) as Record<string, boolean>,
  }
  if (row.data !== null) input.data = JSON.parse(row.data) as Record<string, unknown>
  else input.content = row.content
  if (row.priority !== null && row.type !== 'SRV') input.priority = row.priority
  return input
}

function typeChangeRefused(from: string, to: unknown) {
  return badRequest(
    1004,
    `A record's type cannot be changed (${from} to ${String(to)}). Delete this record and create a new ${String(to)} record instead.`,
    '/type',
  )
}

/** PATCH (merge onto the stored record) or PUT (replace: unspecified fields back to defaults). */
export function updateRecord(db: Db, zone: ZoneRef, id: string, body: unknown, mode: 'patch' | 'put', now: Date): DnsRecord {
  const row = getRow(db, zone.id, id)
  if (!row) throw recordNotFound()
  if (row.type === 'SOA') throw soaReadOnly()
  const sentType = body && typeof body === 'object' ? (body as { type?: unknown }).type : undefined
  if (sentType !== undefined && sentType !== row.type) throw typeChangeRefused(row.type, sentType)

  let merged: unknown = body
  if (mode === 'patch') {
    const patch = validate(dnsRecordPatchSchema, body, DNS_VALIDATION_CODE)
    const base = rowToInput(row)
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
    if (isDataType(row.type) && 'content' in changes && !('data' in changes)) delete base.data
    if ('data' in changes) delete base.content
    merged = { ...base, ...changes, type: row.type }
  } else if (merged && typeof merged === 'object' && !('type' in merged)) {
    merged = { ...merged, type: row.type }
  }
  const rec = prepareRecord(db, zone, merged, row.id)
  updateRow(db, row, rec, now.toISOString())
  return toApiRecord(getRow(db, zone.id, id)!)
}

export function deleteRecord(db: Db, zone: ZoneRef, id: string): { id: string } {
  const row = getRow(db, zone.id, id)
  if (!row) throw recordNotFound()
  if (row.type === 'SOA') throw soaReadOnly()
  deleteRow(db, id)
  return { id }
}
