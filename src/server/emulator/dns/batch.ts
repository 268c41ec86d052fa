import {
  batchSize,
  DNS_BATCH_KINDS,
  DNS_BATCH_LIMITS,
  dnsRecordsBatchSchema,
  type DnsBatchKind,
} from '../../../shared/schemas/dns-records-batch'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import { ApiError, badRequest, validate } from '../http'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import type { ExclusiveGate } from '../exclusive'
import { sliceClock, type SliceClock } from '../slices'
import { zoneTier } from './plan'
import { getRow, toApiRecord } from './store'
import { createRecord, deleteRecord, DNS_VALIDATION_CODE, recordNotFound, updateRecord } from './write'

export type BatchResult = Record<DnsBatchKind, DnsRecord[]>


/** An item's error, its pointers moved under the item: `/content` of posts[0] becomes `/posts/0/content`. */
function underItem(err: ApiError, kind: DnsBatchKind, index: number): ApiError {
  const prefix = `/${kind}/${index}`
  return new ApiError(
    err.status,
    err.errors.map((e) => ({ ...e, source: { pointer: prefix + (e.source?.pointer ?? (err.status === 404 ? '/id' : '')) } })),
  )
}

/**
 * Runs a batch as the service does: deletes, then patches, then puts, then posts, each list in the
 * order given, in one transaction. The first failing item stops it and nothing is kept. Answers the
 * deleted records as they were and the others as they now are.
 */
export async function runBatch(
  db: Db,
  zone: ZoneRef,
  raw: unknown,
  now: Date,
  { exclusive, clock = sliceClock() }: { exclusive?: ExclusiveGate; clock?: SliceClock } = {},
): Promise<BatchResult> {
  const body = validate(dnsRecordsBatchSchema, raw, DNS_VALIDATION_CODE)
  const limit = zoneTier(db, zone.id) === 'free' ? DNS_BATCH_LIMITS.free : DNS_BATCH_LIMITS.paid
  const size = batchSize(body)
  if (size > limit) {
    throw badRequest(
      DNS_VALIDATION_CODE,
      `This zone's plan allows at most ${limit} records in one batch; this one has ${size}. Split it.`,
    )
  }
  // Thousands of items take longer than any request may hold the event loop: the transaction runs
  // in slices, alone (every other sandbox request waits at the gate until it is committed or undone).
  const work = async () => {
    const result: BatchResult = { deletes: [], patches: [], puts: [], posts: [] }
    db.exec('BEGIN IMMEDIATE')
    try {
      for (const kind of DNS_BATCH_KINDS) {
        const items = body[kind] ?? []
        for (let i = 0; i < items.length; i++) {
          try {
            result[kind].push(runItem(db, zone, kind, items[i], now))
          } catch (err) {
            throw err instanceof ApiError ? underItem(err, kind, i) : err
          }
          if (exclusive && clock.due()) await clock.pause()
        }
      }
      db.exec('COMMIT')
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK')
      throw err
    }
    return result
  }
  return exclusive ? exclusive.run(work) : work()
}

function runItem(db: Db, zone: ZoneRef, kind: DnsBatchKind, item: Record<string, unknown>, now: Date): DnsRecord {
  const { id, ...fields } = item
  switch (kind) {
    case 'deletes': {
      const row = getRow(db, zone.id, String(id))
      if (!row) throw recordNotFound()
      deleteRecord(db, zone, row.id)
      return toApiRecord(row)
    }
    case 'patches':
      return updateRecord(db, zone, String(id), fields, 'patch', now)
    case 'puts':
      return updateRecord(db, zone, String(id), fields, 'put', now)
    case 'posts':
      return createRecord(db, zone, fields, now)
  }
}
