import type { Context } from 'hono'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import { badRequest, envelope, ok, queryBool, readJson } from '../http'
import { requireZone, type ZoneRef } from '../lookup'
import type { EmulatorContext } from '../module'
import type { On, TableHandlers } from '../table-routes'
import { runBatch } from './batch'
import { exportZone } from './bind-export'
import { IncludeRefused, TooManyRecords } from './bind-parse'
import { importZoneFile } from './import'
import { readImportForm } from './import-form'
import { importRateLimit, RateLimited } from './import-limits'
import { listRecords } from './list'
import { withShadowMeta } from './shadow'
import { ensureSoa } from './soa'
import { getRow, toApiRecord } from './store'
import { createRecord, deleteRecord, recordNotFound, updateRecord } from './write'

/** The sandbox's DNS records: its handler of each DNS endpoint of the shared table. */
type Records = On<'/zones/:zone_id/dns_records'>
type OneRecord = On<'/zones/:zone_id/dns_records/:dns_record_id'>

export function dnsHandlers({ db, now, importsPerMinute, exclusive }: EmulatorContext): TableHandlers {
  /** Shadow metadata when asked (include_shadow_metadata=true): on reads and on the records a write answers. */
  const shadowed = (c: Context, zone: ZoneRef, records: DnsRecord[]) =>
    queryBool(c, 'include_shadow_metadata') ? withShadowMeta(db, zone, records) : records

  const list = (c: Records) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    ensureSoa(db, zone, now().toISOString())
    const { records, info } = listRecords(db, zone, c)
    return ok(c, shadowed(c, zone, records), info)
  }

  const create = async (c: Records) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = await readJson(c)
    const [record] = shadowed(c, zone, [db.transaction(() => createRecord(db, zone, body, now()))()])
    return ok(c, record)
  }

  const exportFile = async (c: Records) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    ensureSoa(db, zone, now().toISOString())
    return c.text(await exportZone(db, zone, now()), 200, { 'content-type': 'text/plain; charset=utf-8' })
  }

  const rate = importsPerMinute === undefined ? undefined : importRateLimit(importsPerMinute)
  const importFile = async (c: Records) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const started = now()
    const { source, proxied } = await readImportForm(c)
    try {
      rate?.take(zone.id)
    } catch (err) {
      if (err instanceof RateLimited) c.header('retry-after', String(err.retryAfter))
      throw err
    }
    let outcome
    try {
      outcome = await importZoneFile(db, zone, source, proxied, now())
    } catch (err) {
      if (err instanceof IncludeRefused || err instanceof TooManyRecords) throw badRequest(1004, err.message, '/file')
      throw err
    }
    const ended = now()
    return c.json({
      ...envelope(outcome.result),
      messages: outcome.messages,
      timing: {
        start_time: started.toISOString(),
        end_time: ended.toISOString(),
        process_time: Math.max(0, (ended.getTime() - started.getTime()) / 1000),
      },
    })
  }

  const batch = async (c: Records) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const result = await runBatch(db, zone, await readJson(c), now(), { exclusive })
    // Deleted records are gone; the others are shown as they now are in the zone.
    return ok(c, {
      ...result,
      patches: shadowed(c, zone, result.patches),
      puts: shadowed(c, zone, result.puts),
      posts: shadowed(c, zone, result.posts),
    })
  }

  const one = (c: OneRecord) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = getRow(db, zone.id, c.req.param('dns_record_id'))
    if (!row) throw recordNotFound()
    const record = toApiRecord(row)
    return ok(c, shadowed(c, zone, [record])[0])
  }

  const update = (mode: 'patch' | 'put') => async (c: OneRecord) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = await readJson(c)
    const id = c.req.param('dns_record_id')
    return ok(c, shadowed(c, zone, [db.transaction(() => updateRecord(db, zone, id, body, mode, now()))()])[0])
  }

  const remove = (c: OneRecord) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, deleteRecord(db, zone, c.req.param('dns_record_id')))
  }

  return {
    'GET /zones/:zone_id/dns_records': list,
    'POST /zones/:zone_id/dns_records': create,
    'GET /zones/:zone_id/dns_records/export': exportFile,
    'POST /zones/:zone_id/dns_records/import': importFile,
    'POST /zones/:zone_id/dns_records/batch': batch,
    'GET /zones/:zone_id/dns_records/:dns_record_id': one,
    'PATCH /zones/:zone_id/dns_records/:dns_record_id': update('patch'),
    'PUT /zones/:zone_id/dns_records/:dns_record_id': update('put'),
    'DELETE /zones/:zone_id/dns_records/:dns_record_id': remove,
  }
}
