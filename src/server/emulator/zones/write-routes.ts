import type { Hono } from 'hono'
import { zoneCreateSchema, zoneEditSchema } from '../../../shared/schemas/zone-write'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import { outOfReach, reachOfRequest } from '../estate/reach'
import { FREE_PLAN } from './seed'
import { toApiZone, ZONE_SELECT, type ZoneRow } from './zone-object'

const NAME_SERVERS = ['ada', 'bob', 'cruz', 'dana', 'eli', 'fay', 'gus', 'hana'].map((n) => `${n}.ns.cloudflare.com`)

/** Zone writes: create (pending, Free plan, two assigned name servers), edit, delete (and everything in it). */
export function registerZoneWriteRoutes(app: Hono, { db, now }: EmulatorContext): void {
  const read = (id: string) => toApiZone(db.prepare(`${ZONE_SELECT} WHERE z.id = ?`).get(id) as ZoneRow)

  app.post('/zones', async (c) => {
    const input = validate(zoneCreateSchema, await readJson(c), 1001)
    if (!db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(input.account.id)) {
      throw notFound(1001, `Account ${input.account.id} was not found. Check the account identifier.`)
    }
    if (!reachOfRequest(c).reaches(input.account.id)) throw outOfReach()
    if (db.prepare('SELECT 1 FROM zones WHERE name = ?').get(input.name)) {
      throw badRequest(1061, `${input.name} already exists`, '/name')
    }
    const id = newId()
    const stamp = now().toISOString()
    const first = parseInt(id.slice(0, 2), 16) % NAME_SERVERS.length
    const ns = [NAME_SERVERS[first], NAME_SERVERS[(first + 3) % NAME_SERVERS.length]]
    db.prepare(
      `INSERT INTO zones (id, name, status, type, paused, account_id, plan, name_servers, original_name_servers,
      original_registrar, original_dnshost, development_mode, created_on, modified_on, activated_on)
      VALUES (?, ?, 'pending', ?, 0, ?, ?, ?, NULL, NULL, NULL, 0, ?, ?, NULL)`,
    ).run(id, input.name, input.type ?? 'full', input.account.id, JSON.stringify(FREE_PLAN), JSON.stringify(ns), stamp, stamp)
    return ok(c, read(id))
  })

  app.patch('/zones/:zone_id', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const input = validate(zoneEditSchema, await readJson(c), 1001)
    const sent = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined)
    if (sent.length > 1) throw badRequest(1001, 'Change one property per request: paused, type, vanity_name_servers or plan.')
    const stamp = now().toISOString()
    if (input.paused !== undefined)
      db.prepare('UPDATE zones SET paused = ?, modified_on = ? WHERE id = ?').run(input.paused ? 1 : 0, stamp, zone.id)
    if (input.type !== undefined)
      db.prepare('UPDATE zones SET type = ?, modified_on = ? WHERE id = ?').run(input.type, stamp, zone.id)
    return ok(c, read(zone.id))
  })

  app.delete('/zones/:zone_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    db.prepare('DELETE FROM zones WHERE id = ?').run(zone.id)
    return ok(c, { id: zone.id })
  })
}
