import type { Context, Hono } from 'hono'
import { CERTIFICATE_PACKS_PAGING } from '../../../shared/schemas/certificate-pack'
import { badRequest, notFound, ok, readPaging } from '../http'
import { pagedRows, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { restartValidationHandler } from './restart-validation'
import { loadPacks, type PackRow } from './store'

const STAGING = ['staging_deployment', 'staging_active']

/**
 * Which packs the list shows. `status` is the real parameter, `ssl_status` the specification's
 * spelling; both take `all`. Left out (or `active`), only active packs are listed.
 */
function readStatusFilter(c: Context): 'all' | 'active' {
  const raw = c.req.query('status') ?? c.req.query('ssl_status')
  if (raw === undefined || raw === '' || raw === 'active') return 'active'
  if (raw === 'all') return 'all'
  const name = c.req.query('status') !== undefined ? 'status' : 'ssl_status'
  throw badRequest(1001, `${name} takes the value all (every status); leave it out to list active packs only.`, `/${name}`)
}

function readDeploy(c: Context): 'staging' | 'production' | undefined {
  const raw = c.req.query('deploy')
  if (raw === undefined || raw === '') return undefined
  if (raw === 'staging' || raw === 'production') return raw
  throw badRequest(1001, 'deploy must be staging or production.', '/deploy')
}

/** The sandbox's handlers of the table's certificate endpoints: the list, one pack, and its edit. */
export function certificateHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/zones/:zone_id/ssl/certificate_packs', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const status = readStatusFilter(c)
    const deploy = readDeploy(c)
    const paging = readPaging(c, CERTIFICATE_PACKS_PAGING)
    const where = ['zone_id = ?']
    const args: unknown[] = [zone.id]
    if (status === 'active') where.push(`status = 'active'`)
    if (deploy === 'staging') where.push(`status IN (${STAGING.map((s) => `'${s}'`).join(',')})`)
    if (deploy === 'production') where.push(`status NOT IN (${STAGING.map((s) => `'${s}'`).join(',')})`)
    const { rows, info } = pagedRows<PackRow>(db, {
      select: '*',
      from: 'certificate_packs',
      where: new Where().add(where.join(' AND '), ...args),
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
