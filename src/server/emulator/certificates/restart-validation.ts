import { certificatePackEditSchema } from '../../../shared/schemas/certificate-pack-edit'
import type { ValidationRecord } from '../../../shared/schemas/certificate-pack'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import { requireZone } from '../lookup'
import type { Db } from '../module'
import type { TableRouter } from '../table-routes'
import { loadPacks, type PackRow } from './store'

/**
 * PATCH on one pack, as the service documents it: for an advanced pack, restart validation (only
 * when its status is validation_timed_out) and/or set cloudflare_branding. A restart puts the pack
 * and its certificates back to pending_validation, its validation records to pending, and clears
 * the validation errors; the sandbox's certificate authority then waits, as before, for the records.
 */
export function restartValidationHandler(table: TableRouter, db: Db): void {
  table.patch('/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const id = c.req.param('certificate_pack_id')
    const input = validate(certificatePackEditSchema, await readJson(c))
    const row = db.prepare('SELECT * FROM certificate_packs WHERE zone_id = ? AND id = ?').get(zone.id, id) as PackRow | undefined
    if (!row) throw notFound(1001, `Certificate pack ${id} was not found in zone ${zone.name}.`)
    if (row.type !== 'advanced')
      throw badRequest(1004, `Only advanced certificate packs can be edited; this pack is of type ${row.type}.`)
    const restart = row.status === 'validation_timed_out'
    if (!restart && input.cloudflare_branding === undefined)
      throw badRequest(
        1004,
        `Validation can only be restarted for a pack whose validation timed out (status validation_timed_out); this pack is ${row.status}.`,
      )
    db.transaction(() => {
      if (input.cloudflare_branding !== undefined)
        db.prepare('UPDATE certificate_packs SET cloudflare_branding = ? WHERE id = ?').run(input.cloudflare_branding ? 1 : 0, id)
      if (restart) {
        const records = row.validation_records ? (JSON.parse(row.validation_records) as ValidationRecord[]) : []
        db.prepare(
          `UPDATE certificate_packs SET status = 'pending_validation', validation_records = ?, validation_errors = NULL WHERE id = ?`,
        ).run(JSON.stringify(records.map((r) => ({ ...r, status: 'pending' }))), id)
        db.prepare(`UPDATE certificate_pack_certificates SET status = 'pending_validation' WHERE pack_id = ?`).run(id)
      }
    })()
    const updated = db.prepare('SELECT * FROM certificate_packs WHERE id = ?').get(id) as PackRow
    return ok(c, loadPacks(db, [updated])[0])
  })
}
