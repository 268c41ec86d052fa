import { pageShieldSettingsInputSchema, type PageShieldSettings } from '../../../shared/schemas/page-shield'
import { ok, readJson, validate } from '../http'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'

interface SettingsRow {
  enabled: number
  use_reporting_endpoint: number
  use_connection_url_path: number
  updated_at: string
}

/** A zone never configured: monitoring off, reports to the service's endpoint, host names only. */
function readSettings(db: Db, zoneId: string): PageShieldSettings {
  const row = db.prepare('SELECT * FROM page_shield_settings WHERE zone_id = ?').get(zoneId) as SettingsRow | undefined
  if (!row) {
    const zone = db.prepare('SELECT created_on FROM zones WHERE id = ?').get(zoneId) as { created_on: string }
    return {
      enabled: false,
      use_cloudflare_reporting_endpoint: true,
      use_connection_url_path: false,
      updated_at: zone.created_on,
    }
  }
  return {
    enabled: row.enabled === 1,
    use_cloudflare_reporting_endpoint: row.use_reporting_endpoint === 1,
    use_connection_url_path: row.use_connection_url_path === 1,
    updated_at: row.updated_at,
  }
}

export function settingsHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  table.get('/zones/:zone_id/page_shield', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, readSettings(db, zone.id))
  })

  // Any subset of the flags. The reporting flag is accepted under both names; the real name is returned.
  table.put('/zones/:zone_id/page_shield', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const input = validate(pageShieldSettingsInputSchema, await readJson(c))
    const current = readSettings(db, zone.id)
    const next: PageShieldSettings = {
      enabled: input.enabled ?? current.enabled,
      use_cloudflare_reporting_endpoint:
        input.use_cloudflare_reporting_endpoint ??
        input.use_service_reporting_endpoint ??
        current.use_cloudflare_reporting_endpoint,
      use_connection_url_path: input.use_connection_url_path ?? current.use_connection_url_path,
      updated_at: now().toISOString(),
    }
    db.prepare(
      `INSERT INTO page_shield_settings (zone_id, enabled, use_reporting_endpoint, use_connection_url_path, updated_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(zone_id) DO UPDATE SET enabled = excluded.enabled, use_reporting_endpoint = excluded.use_reporting_endpoint,
         use_connection_url_path = excluded.use_connection_url_path, updated_at = excluded.updated_at`,
    ).run(zone.id, +next.enabled, +next.use_cloudflare_reporting_endpoint, +next.use_connection_url_path, next.updated_at)
    return ok(c, next)
  })
}
