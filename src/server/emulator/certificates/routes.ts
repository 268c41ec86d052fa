import type { Hono } from 'hono'
import { CERTIFICATE_PACKS_DEFAULT_PER_PAGE, certificatePacksQuery } from '../../../shared/lists/certificate-packs'
import { notFound, ok } from '../http'
import { pagedRows, pagingOf, readQuery, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { restartValidationHandler } from './restart-validation'
import { loadPacks, type PackRow } from './store'

const STAGING = ['staging_deployment', 'staging_active']

/** The sandbox's handlers of the table's certificate endpoints: the list, one pack, and its edit. */
export function certificateHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/zones/:zone_id/ssl/certificate_packs', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readQuery(c, certificatePacksQuery)
    const paging = pagingOf(q, CERTIFICATE_PACKS_DEFAULT_PER_PAGE)
    const where = new Where().add('zone_id = ?', zone.id)
    if ((q.status ?? q.ssl_status) !== 'all') where.add(`status = 'active'`)
    if (q.deploy === 'staging') where.add(`status IN (${STAGING.map((s) => `'${s}'`).join(',')})`)
    if (q.deploy === 'production') where.add(`status NOT IN (${STAGING.map((s) => `'${s}'`).join(',')})`)
    const { rows, info } = pagedRows<PackRow>(db, {
      select: '*',
      from: 'certificate_packs',
      where,
      order: 'created_on, id',
      paging,
    })
    return ok(c, loadPacks(db, rows), info)
  })

  table.get('/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const id = c.req.param('certificate_pack_id')
    const row = db.prepare('SELECT * FROM certificate_packs WHERE zone_id = ? AND id = ?').get(zone.id, id) as PackRow | undefined
    if (!row) throw notFound(1001, `Certificate pack ${id} was not found in zone ${zone.name}.`)
    return ok(c, loadPacks(db, [row])[0])
  })

  // Writes on one pack, each in its own file.
  restartValidationHandler(table, db)
}

/** Only API clients (/client/v4) use the quota; the module's `register` puts it before the table's handlers. */
export function registerCertificateQuota(app: Hono, { db }: EmulatorContext): void {
  // Registered before /:certificate_pack_id so "quota" is not read as an id.
  app.get('/zones/:zone_id/ssl/certificate_packs/quota', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const used = (
      db.prepare(`SELECT COUNT(*) AS n FROM certificate_packs WHERE zone_id = ? AND type = 'advanced'`).get(zone.id) as { n: number }
    ).n
    return ok(c, { advanced: { allocated: 100, used } })
  })
}
