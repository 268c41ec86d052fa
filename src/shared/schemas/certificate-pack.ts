import { z } from 'zod'
import { lazySchema } from './lazy'

/**
 * SSL/TLS certificate packs (read only). Shapes follow the real API (api-notes §4).
 * Ids: the real service answers with 36-character UUIDs (dashes) for packs and certificates,
 * although its schema says "maxLength 32"; the sandbox follows the wire and uses UUIDs.
 */

export const certificatePackStatuses = [
  'initializing',
  'pending_validation',
  'deleted',
  'pending_issuance',
  'pending_deployment',
  'pending_deletion',
  'pending_expiration',
  'expired',
  'active',
  'initializing_timed_out',
  'validation_timed_out',
  'issuance_timed_out',
  'deployment_timed_out',
  'deletion_timed_out',
  'pending_cleanup',
  'staging_deployment',
  'staging_active',
  'deactivating',
  'inactive',
  'backup_issued',
  'holding_deployment',
] as const

/** What the certificate authority checks to prove control of a host name. */
export const validationRecordSchema = lazySchema(() =>
  z.object({
    txt_name: z.string().optional(),
    txt_value: z.string().optional(),
    http_url: z.string().optional(),
    http_body: z.string().optional(),
    cname: z.string().optional(),
    cname_target: z.string().optional(),
    emails: z.array(z.string()).optional(),
    status: z.string().optional(),
  }),
)
export type ValidationRecord = z.infer<typeof validationRecordSchema>

export const certificateSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    hosts: z.array(z.string()),
    status: z.string(),
    issuer: z.string().optional(),
    signature: z.string().optional(),
    bundle_method: z.string().optional(),
    zone_id: z.string().optional(),
    uploaded_on: z.string().optional(),
    modified_on: z.string().optional(),
    expires_on: z.string().optional(),
    priority: z.number().nullable().optional(),
    geo_restrictions: z.object({ label: z.enum(['us', 'eu', 'highest_security']) }).optional(),
  }),
)
export type Certificate = z.infer<typeof certificateSchema>

/** Statuses are kept open (string) when reading, so a status added by the service does not break the list. */
export const certificatePackSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    hosts: z.array(z.string()),
    status: z.string(),
    certificates: z.array(certificateSchema),
    primary_certificate: z.string().nullable().optional(),
    certificate_authority: z.string().nullable().optional(),
    validation_method: z.string().nullable().optional(),
    validity_days: z.number().int().nullable().optional(),
    cloudflare_branding: z.boolean().optional(),
    validation_records: z.array(validationRecordSchema).optional(),
    dcv_delegation_records: z.array(validationRecordSchema).optional(),
    validation_errors: z.array(z.object({ message: z.string() })).optional(),
    created_on: z.string().optional(),
  }),
)
export type CertificatePack = z.infer<typeof certificatePackSchema>
