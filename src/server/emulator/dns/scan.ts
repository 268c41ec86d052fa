import type { Hono } from 'hono'
import { z } from 'zod'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import { ApiError, ok, readJson, validate } from '../http'
import { newId, stableId } from '../ids'
import { requireZone, type ZoneRef } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { createRecord, DNS_VALIDATION_CODE } from './write'

/**
 * DNS record scan (api-notes §14): `POST …/scan` adds what it finds at once (the older call);
 * `POST …/scan/trigger` looks for records the zone is missing (the
 * sandbox stands in for public DNS with a fixed set of usual names and deterministic addresses);
 * `GET …/scan/review` lists what was found (kept until reviewed); `POST …/scan/review` accepts
 * some (they become records) and rejects others (they are dropped).
 */
export const DNS_SCAN_SCHEMA = `
  CREATE TABLE IF NOT EXISTS dns_scan_results (
    id TEXT PRIMARY KEY,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    priority INTEGER,
    found_on TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS dns_scan_results_zone ON dns_scan_results(zone_id);
`

interface ScanRow {
  id: string
  zone_id: string
  type: string
  name: string
  content: string
  priority: number | null
  found_on: string
}

/** What a scan of public DNS would typically turn up for a zone. */
function candidates(zone: ZoneRef): { type: string; name: string; content: string; priority?: number }[] {
  const byte = (label: string) => (parseInt(stableId(`${zone.id}:${label}`).slice(0, 2), 16) % 200) + 20
  return [
    { type: 'A', name: `ftp.${zone.name}`, content: `198.51.100.${byte('ftp')}` },
    { type: 'A', name: `mail.${zone.name}`, content: `198.51.100.${byte('mail')}` },
    { type: 'MX', name: zone.name, content: `mail.${zone.name}`, priority: 10 },
    { type: 'CNAME', name: `autodiscover.${zone.name}`, content: 'autodiscover.outlook.com' },
    { type: 'TXT', name: `_dmarc.${zone.name}`, content: '"v=DMARC1; p=none"' },
  ]
}

const scanRecord = (r: ScanRow): DnsRecord => ({
  id: r.id,
  type: r.type as DnsRecord['type'],
  name: r.name,
  content: r.content,
  proxiable: false,
  proxied: false,
  ttl: 1,
  settings: {},
  meta: {},
  comment: null,
  tags: [],
  created_on: r.found_on,
  modified_on: r.found_on,
  ...(r.priority !== null ? { priority: r.priority } : {}),
})

const reviewSchema = z.object({
  accepts: z.array(z.looseObject({ id: z.string().optional() }), { error: 'accepts must be a list of records.' }).optional(),
  rejects: z
    .array(z.object({ id: z.string({ error: 'id is required.' }) }), { error: 'rejects must be a list of {id}.' })
    .optional(),
})

/** Only API clients (/client/v4) use this one; the dashboard triggers and reviews (dnsScanHandlers). */
export function registerDnsOneStepScan(app: Hono, { db, now }: EmulatorContext): void {
  const base = '/zones/:zone_id/dns_records/scan'
  /** The older one-step scan (deprecated by the service, still called by clients): adds what it finds at once. */
  app.post(base, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const stamp = now()
    const has = db.prepare('SELECT 1 FROM dns_records WHERE zone_id = ? AND type = ? AND name = ?')
    const all = candidates(zone)
    const added = db.transaction(() =>
      all.filter((r) => !has.get(zone.id, r.type, r.name)).map((r) => createRecord(db, zone, { ...r, ttl: 1 }, stamp)),
    )()
    return ok(c, { recs_added: added.length, total_records_parsed: all.length })
  })
}

/** The sandbox's handlers of the table's scan endpoints: trigger, and the review of what was found. */
export function dnsScanHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  const base = '/zones/:zone_id/dns_records/scan'
  const found = (zoneId: string) =>
    db.prepare('SELECT * FROM dns_scan_results WHERE zone_id = ? ORDER BY rowid').all(zoneId) as ScanRow[]

  table.post(`${base}/trigger`, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    runScan(db, zone, now().toISOString())
    return c.json({ result: null, success: true, errors: [], messages: [{ code: 10000, message: 'Scan triggered' }] })
  })

  table.get(`${base}/review`, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, found(zone.id).map(scanRecord))
  })

  table.post(`${base}/review`, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = validate(reviewSchema, await readJson(c), DNS_VALIDATION_CODE)
    const result = db.transaction(() => {
      const drop = db.prepare('DELETE FROM dns_scan_results WHERE zone_id = ? AND id = ?')
      const rejects: string[] = []
      body.rejects?.forEach((r, i) => {
        if (drop.run(zone.id, r.id).changes === 0)
          throw ApiError.of(404, 81044, `No scanned record ${r.id} to reject.`, `/rejects/${i}/id`)
        rejects.push(r.id)
      })
      const accepts = (body.accepts ?? []).map((item, i) => {
        const { id, ...fields } = item
        const scanned = id ? found(zone.id).find((r) => r.id === id) : undefined
        const input = scanned ? { ...scanRecord(scanned), ...fields, id: undefined } : fields
        try {
          const rec = createRecord(db, zone, input, now())
          if (scanned) drop.run(zone.id, scanned.id)
          return rec
        } catch (err) {
          if (err instanceof ApiError)
            throw new ApiError(
              err.status,
              err.errors.map((e) => ({ ...e, source: { pointer: `/accepts/${i}${e.source?.pointer ?? ''}` } })),
            )
          throw err
        }
      })
      return { accepts, rejects }
    })()
    return ok(c, result)
  })
}

/** Adds the candidates the zone does not have yet (same type and name) and has not been offered already. */
function runScan(db: Db, zone: ZoneRef, stamp: string): void {
  const has = db.prepare('SELECT 1 FROM dns_records WHERE zone_id = ? AND type = ? AND name = ?')
  const offered = db.prepare('SELECT 1 FROM dns_scan_results WHERE zone_id = ? AND type = ? AND name = ?')
  const insert = db.prepare(
    'INSERT INTO dns_scan_results (id, zone_id, type, name, content, priority, found_on) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  for (const c of candidates(zone)) {
    if (has.get(zone.id, c.type, c.name) || offered.get(zone.id, c.type, c.name)) continue
    insert.run(newId(), zone.id, c.type, c.name, c.content, c.priority ?? null, stamp)
  }
}
