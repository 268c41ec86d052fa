import type { EmulatorModule } from '../module'
import { registerCertificateOrderRoutes } from './order-routes'
import { certificateHandlers, registerCertificateQuota } from './routes'
import { seedCertificatePacks } from './seed'

/** SSL/TLS certificate packs of a zone (read only, as in the specification). */
export const certificatesModule: EmulatorModule = {
  name: 'certificates',
  schema: `
    CREATE TABLE IF NOT EXISTS certificate_packs (
      id TEXT PRIMARY KEY,
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      status TEXT NOT NULL,
      hosts TEXT NOT NULL,
      primary_certificate TEXT,
      certificate_authority TEXT,
      validation_method TEXT,
      validity_days INTEGER,
      cloudflare_branding INTEGER,
      validation_records TEXT,
      validation_errors TEXT,
      created_on TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS certificate_packs_zone ON certificate_packs(zone_id, created_on);
    CREATE TABLE IF NOT EXISTS certificate_pack_certificates (
      id TEXT PRIMARY KEY,
      pack_id TEXT NOT NULL REFERENCES certificate_packs(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      zone_id TEXT NOT NULL,
      hosts TEXT NOT NULL,
      status TEXT NOT NULL,
      issuer TEXT,
      signature TEXT,
      bundle_method TEXT,
      uploaded_on TEXT,
      modified_on TEXT,
      expires_on TEXT,
      priority INTEGER
    );
    CREATE INDEX IF NOT EXISTS certificate_pack_certificates_pack ON certificate_pack_certificates(pack_id, position);
  `,
  tables: ['certificate_pack_certificates', 'certificate_packs'],
  seed: seedCertificatePacks,
  handlers: certificateHandlers,
  // Only API clients (/client/v4) use these: order and delete a pack, and the quota (before /:certificate_pack_id).
  register: (app, ctx) => {
    registerCertificateOrderRoutes(app, ctx)
    registerCertificateQuota(app, ctx)
  },
}
