import type { Certificate, CertificatePack, ValidationRecord } from '../../../shared/schemas/certificate-pack'
import type { Db } from '../module'

export interface PackRow {
  id: string
  zone_id: string
  type: string
  status: string
  hosts: string
  primary_certificate: string | null
  certificate_authority: string | null
  validation_method: string | null
  validity_days: number | null
  cloudflare_branding: number | null
  validation_records: string | null
  validation_errors: string | null
  created_on: string
}

export interface CertificateRow {
  id: string
  pack_id: string
  position: number
  zone_id: string
  hosts: string
  status: string
  issuer: string | null
  signature: string | null
  bundle_method: string | null
  uploaded_on: string | null
  modified_on: string | null
  expires_on: string | null
  priority: number | null
}

/** Fields that do not apply to a pack (a custom certificate has no validation method) are left out. */
function toCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    hosts: JSON.parse(row.hosts) as string[],
    status: row.status,
    ...(row.issuer !== null && { issuer: row.issuer }),
    ...(row.signature !== null && { signature: row.signature }),
    ...(row.bundle_method !== null && { bundle_method: row.bundle_method }),
    zone_id: row.zone_id,
    ...(row.uploaded_on !== null && { uploaded_on: row.uploaded_on }),
    ...(row.modified_on !== null && { modified_on: row.modified_on }),
    ...(row.expires_on !== null && { expires_on: row.expires_on }),
    priority: row.priority,
  }
}

export function toPack(row: PackRow, certificates: CertificateRow[]): CertificatePack {
  return {
    id: row.id,
    type: row.type,
    hosts: JSON.parse(row.hosts) as string[],
    status: row.status,
    certificates: certificates.map(toCertificate),
    ...(row.primary_certificate !== null && { primary_certificate: row.primary_certificate }),
    ...(row.certificate_authority !== null && { certificate_authority: row.certificate_authority }),
    ...(row.validation_method !== null && { validation_method: row.validation_method }),
    ...(row.validity_days !== null && { validity_days: row.validity_days }),
    ...(row.cloudflare_branding !== null && { cloudflare_branding: row.cloudflare_branding === 1 }),
    ...(row.validation_records !== null && { validation_records: JSON.parse(row.validation_records) as ValidationRecord[] }),
    ...(row.validation_errors !== null && { validation_errors: JSON.parse(row.validation_errors) as { message: string }[] }),
    created_on: row.created_on,
  }
}

/** The packs with their certificates, in the order given. */
export function loadPacks(db: Db, rows: PackRow[]): CertificatePack[] {
  if (rows.length === 0) return []
  const certs = db
    .prepare(
      `SELECT * FROM certificate_pack_certificates WHERE pack_id IN (${rows.map(() => '?').join(',')}) ORDER BY pack_id, position`,
    )
    .all(...rows.map((r) => r.id)) as CertificateRow[]
  const byPack = new Map<string, CertificateRow[]>()
  for (const c of certs) byPack.set(c.pack_id, [...(byPack.get(c.pack_id) ?? []), c])
  return rows.map((r) => toPack(r, byPack.get(r.id) ?? []))
}
