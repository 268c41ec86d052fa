import type { Hono } from 'hono'
import { createHash } from 'node:crypto'
import { certificatePackOrderSchema } from '../../../shared/schemas/certificate-pack-order'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import { stableUuid } from './seed'
import { loadPacks, type PackRow } from './store'

/** A host the zone can hold: the apex, a name under it, or a wildcard of either. */
const inZone = (host: string, zone: string) => {
  const bare = host.replace(/^\*\./, '')
  return bare === zone || bare.endsWith(`.${zone}`)
}

/**
 * Ordering an advanced pack (it starts `initializing`, with a TXT validation record per host when
 * the method is txt) and deleting one. Universal packs cannot be deleted (the service refuses).
 */
export function registerCertificateOrderRoutes(app: Hono, { db, now }: EmulatorContext): void {
  app.post('/zones/:zone_id/ssl/certificate_packs/order', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const input = validate(certificatePackOrderSchema, await readJson(c), 1001)
    const outside = input.hosts.findIndex((h) => !inZone(h, zone.name))
    if (outside >= 0) throw badRequest(1001, `${input.hosts[outside]} is not in the zone ${zone.name}.`, `/hosts/${outside}`)
    const id = stableUuid(`pack:order:${newId()}`)
    const records =
      input.validation_method === 'txt'
        ? input.hosts.map((h) => ({
            txt_name: `_acme-challenge.${h.replace(/^\*\./, '')}`,
            txt_value: createHash('sha256').update(`${id}:${h}`).digest('base64url').slice(0, 43),
            status: 'pending',
          }))
        : null
    db.prepare(
      `INSERT INTO certificate_packs (id, zone_id, type, status, hosts, primary_certificate, certificate_authority,
      validation_method, validity_days, cloudflare_branding, validation_records, validation_errors, created_on)
      VALUES (?, ?, 'advanced', 'initializing', ?, NULL, ?, ?, ?, ?, ?, NULL, ?)`,
    ).run(
      id,
      zone.id,
      JSON.stringify([...new Set(input.hosts)]),
      input.certificate_authority,
      input.validation_method,
      input.validity_days,
      input.cloudflare_branding ? 1 : 0,
      records ? JSON.stringify(records) : null,
      now().toISOString(),
    )
    const row = db.prepare('SELECT * FROM certificate_packs WHERE id = ?').get(id) as PackRow
    return ok(c, loadPacks(db, [row])[0])
  })

  app.delete('/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const id = c.req.param('certificate_pack_id')
    const row = db.prepare('SELECT * FROM certificate_packs WHERE zone_id = ? AND id = ?').get(zone.id, id) as PackRow | undefined
    if (!row) throw notFound(1001, `Certificate pack ${id} was not found in zone ${zone.name}.`)
    if (row.type === 'universal') {
      throw badRequest(1001, 'The universal certificate pack cannot be deleted; turn Universal SSL off instead.')
    }
    db.prepare('DELETE FROM certificate_packs WHERE id = ?').run(id)
    return ok(c, { id })
  })
}
