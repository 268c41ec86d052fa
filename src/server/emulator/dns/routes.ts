import type { Context, Hono } from 'hono'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import { badRequest, envelope, ok, queryBool, readJson } from '../http'
import { requireZone, type ZoneRef } from '../lookup'
import type { EmulatorContext } from '../module'
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

const BASE = '/zones/:zone_id/dns_records'

export function registerDnsRoutes(app: Hono, { db, now, importsPerMinute, exclusive }: EmulatorContext): void {
  /** Shadow metadata when asked (include_shadow_metadata=true): on reads and on the records a write answers. */
  const shadowed = (c: Context, zone: ZoneRef, records: DnsRecord[]) =>
    queryBool(c, 'include_shadow_metadata') ? withShadowMeta(db, zone, records) : records

  app.get(BASE, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    ensureSoa(db, zone, now().toISOString())
    const { records, info } = listRecords(db, zone, c)
    return ok(c, shadowed(c, zone, records), info)
  })

  app.post(BASE, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = await readJson(c)
    const [record] = shadowed(c, zone, [db.transaction(() => createRecord(db, zone, body, now()))()])
    return ok(c, record)
  })

  // Literal paths before /:dns_record_id.
  app.get(`${BASE}/export`, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    ensureSoa(db, zone, now().toISOString())
    return c.text(await exportZone(db, zone, now()), 200, { 'content-type': 'text/plain; charset=utf-8' })
  })

  const rate = importsPerMinute === undefined ? undefined : importRateLimit(importsPerMinute)
  app.post(`${BASE}/import`, async (c) => {
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
  })

  app.post(`${BASE}/batch`, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const result = await runBatch(db, zone, await readJson(c), now(), { exclusive })
    // Deleted records are gone; the others are shown as they now are in the zone.
    return ok(c, {
      ...result,
      patches: shadowed(c, zone, result.patches),
      puts: shadowed(c, zone, result.puts),
      posts: shadowed(c, zone, result.posts),
    })
  })

  app.get(`${BASE}/:dns_record_id`, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = getRow(db, zone.id, c.req.param('dns_record_id'))
    if (!row) throw recordNotFound()
    const record = toApiRecord(row)
    return ok(c, shadowed(c, zone, [record])[0])
  })

  for (const [method, mode] of [
    ['patch', 'patch'],
    ['put', 'put'],
  ] as const) {
    app[method](`${BASE}/:dns_record_id`, async (c) => {
      const zone = requireZone(db, c.req.param('zone_id'))
      const body = await readJson(c)
      const id = c.req.param('dns_record_id')
      return ok(c, shadowed(c, zone, [db.transaction(() => updateRecord(db, zone, id, body, mode, now()))()])[0])
    })
  }

  app.delete(`${BASE}/:dns_record_id`, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, deleteRecord(db, zone, c.req.param('dns_record_id')))
  })
}
