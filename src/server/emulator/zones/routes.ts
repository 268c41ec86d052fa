import type { Hono } from 'hono'
import { notFound, ok } from '../http'
import type { EmulatorContext } from '../module'

// Placeholder routes; the full list with filters is built in the zones/DNS work.
export function registerZoneRoutes(app: Hono, { db }: EmulatorContext): void {
  app.get('/zones/:zone_id', (c) => {
    const row = db.prepare('SELECT * FROM zones WHERE id = ?').get(c.req.param('zone_id'))
    if (!row) throw notFound(1001, 'Zone not found.')
    return ok(c, row)
  })
}
