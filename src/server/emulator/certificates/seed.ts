import { createHash } from 'node:crypto'
import type { ValidationRecord } from '../../../shared/schemas/certificate-pack'
import type { SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'

const DAY = 86_400_000

/** A stable UUID (the real service's pack and certificate id format) derived from a label. */
export function stableUuid(label: string): string {
  const h = createHash('md5').update(label).digest('hex')
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const token = (label: string) =>
  createHash('sha256').update(label).digest('base64url').slice(0, 43)

interface CertSpec {
  status: string
  issuer: string
  signature: string
  bundle_method: string
  uploadedDaysAgo: number
  /** Days from now; null for a certificate not issued yet. */
  expiresInDays: number | null
  priority: number | null
}

interface PackSpec {
  key: string
  type: string
  status: string
  hosts: string[]
  certificate_authority: string | null
  validation_method: string | null
  validity_days: number | null
  createdDaysAgo: number
  validation_records?: ValidationRecord[]
  validation_errors?: { message: string }[]
  certificates: CertSpec[]
}

const ISSUER = { google: 'GoogleTrustServices', lets_encrypt: 'LetsEncrypt', ssl_com: 'SSLCorp' } as const

/** The packs every zone gets: one of each state the dashboard explains. */
function packsFor(zone: string): PackSpec[] {
  const issued = (issuer: string, uploadedDaysAgo: number, expiresInDays: number): CertSpec[] => [
    { status: 'active', issuer, signature: 'ECDSAWithSHA256', bundle_method: 'ubiquitous', uploadedDaysAgo, expiresInDays, priority: 1 },
    { status: 'active', issuer, signature: 'SHA256WithRSA', bundle_method: 'ubiquitous', uploadedDaysAgo, expiresInDays, priority: 2 },
  ]
  const notIssued = (status: string, issuer: string, daysAgo: number): CertSpec[] => [
    { status, issuer, signature: 'ECDSAWithSHA256', bundle_method: 'ubiquitous', uploadedDaysAgo: daysAgo, expiresInDays: null, priority: null },
  ]
  return [
    {
      key: 'universal',
      type: 'universal',
      status: 'active',
      hosts: [zone, `*.${zone}`],
      certificate_authority: 'google',
      validation_method: 'txt',
      validity_days: 90,
      createdDaysAgo: 400,
      certificates: issued(ISSUER.google, 35, 55),
    },
    {
      key: 'advanced-eu',
      type: 'advanced',
      status: 'active',
      hosts: [zone, `*.eu.${zone}`],
      certificate_authority: 'lets_encrypt',
      validation_method: 'http',
      validity_days: 90,
      createdDaysAgo: 200,
      certificates: issued(ISSUER.lets_encrypt, 20, 70),
    },
    {
      key: 'advanced-shop',
      type: 'advanced',
      status: 'pending_validation',
      hosts: [zone, `*.shop.${zone}`],
      certificate_authority: 'lets_encrypt',
      validation_method: 'txt',
      validity_days: 90,
      createdDaysAgo: 1,
      validation_records: [
        { txt_name: `_acme-challenge.${zone}`, txt_value: token(`${zone}:shop:apex`), status: 'pending' },
        { txt_name: `_acme-challenge.shop.${zone}`, txt_value: token(`${zone}:shop:wildcard`), status: 'pending' },
      ],
      certificates: notIssued('pending_validation', ISSUER.lets_encrypt, 1),
    },
    {
      key: 'advanced-status',
      type: 'advanced',
      status: 'validation_timed_out',
      hosts: [zone, `status.${zone}`],
      certificate_authority: 'google',
      validation_method: 'http',
      validity_days: 30,
      createdDaysAgo: 16,
      validation_records: [
        {
          http_url: `http://status.${zone}/.well-known/pki-validation/${token(`${zone}:status:file`).slice(0, 24)}.txt`,
          http_body: token(`${zone}:status:body`),
          status: 'timed_out',
        },
      ],
      validation_errors: [{ message: `The certificate authority could not fetch http://status.${zone}/.well-known/pki-validation/ (connection timed out).` }],
      certificates: notIssued('validation_timed_out', ISSUER.google, 16),
    },
    {
      key: 'custom-legacy',
      type: 'sni_custom',
      status: 'active',
      hosts: [`legacy.${zone}`],
      certificate_authority: null,
      validation_method: null,
      validity_days: null,
      createdDaysAgo: 353,
      certificates: [
        { status: 'active', issuer: 'DigiCertInc', signature: 'SHA256WithRSA', bundle_method: 'ubiquitous', uploadedDaysAgo: 353, expiresInDays: 12, priority: 20 },
      ],
    },
  ]
}

export function seedCertificatePacks({ db, now }: SeedContext): void {
  const t = now().getTime()
  const iso = (offsetDays: number) => new Date(t + offsetDays * DAY).toISOString()
  const insertPack = db.prepare(`INSERT INTO certificate_packs
    (id, zone_id, type, status, hosts, primary_certificate, certificate_authority, validation_method, validity_days,
     cloudflare_branding, validation_records, validation_errors, created_on)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertCert = db.prepare(`INSERT INTO certificate_pack_certificates
    (id, pack_id, position, zone_id, hosts, status, issuer, signature, bundle_method, uploaded_on, modified_on, expires_on, priority)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const zoneExists = db.prepare('SELECT 1 FROM zones WHERE id = ?')
  for (const zone of Object.values(SEED_ZONES)) {
    if (!zoneExists.get(zone.id)) continue
    for (const p of packsFor(zone.name)) {
      const packId = stableUuid(`pack:${zone.name}:${p.key}`)
      const certIds = p.certificates.map((_, i) => stableUuid(`cert:${zone.name}:${p.key}:${i}`))
      const primary = p.certificates[0]?.expiresInDays !== null ? certIds[0] : null
      insertPack.run(
        packId,
        zone.id,
        p.type,
        p.status,
        JSON.stringify(p.hosts),
        primary,
        p.certificate_authority,
        p.validation_method,
        p.validity_days,
        p.type === 'advanced' ? 0 : null,
        p.validation_records ? JSON.stringify(p.validation_records) : null,
        p.validation_errors ? JSON.stringify(p.validation_errors) : null,
        iso(-p.createdDaysAgo),
      )
      p.certificates.forEach((c, i) => {
        insertCert.run(
          certIds[i],
          packId,
          i,
          zone.id,
          JSON.stringify(p.hosts),
          c.status,
          c.issuer,
          c.signature,
          c.bundle_method,
          iso(-c.uploadedDaysAgo),
          iso(-Math.min(c.uploadedDaysAgo, 3)),
          c.expiresInDays === null ? null : iso(c.expiresInDays),
          c.priority,
        )
      })
    }
  }
}
