import { z } from 'zod'
import { dnsRecordDeletedSchema, dnsRecordSchema, dnsImportResultSchema } from '../schemas/dns-record'
import { dnsRecordInputSchema } from '../schemas/dns-record-input'
import { dnsRecordPatchSchema } from '../schemas/dns-record-patch'
import { dnsRecordsBatchSchema } from '../schemas/dns-records-batch'
import { dnsRecordsSearchSchema } from '../schemas/dns-records-search'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

const records = lazySchema(() => z.array(dnsRecordSchema))

/** Accept (a found record, by its id, with any fields changed) or reject (by id) what a scan found. */
const dnsScanReviewSchema = lazySchema(() =>
  z.object({
    accepts: z
      .array(z.looseObject({ id: z.string().max(64).optional() }), { error: 'accepts must be a list of records.' })
      .max(1000, 'At most 1,000 records at once.')
      .optional(),
    rejects: z
      .array(z.object({ id: z.string({ error: 'Each reject needs the id of a found record.' }).max(64) }), {
        error: 'rejects must be a list of {id}.',
      })
      .max(1000, 'At most 1,000 records at once.')
      .optional(),
  }),
)

const isProxyToggle = (body: unknown) =>
  !!body &&
  typeof body === 'object' &&
  Object.keys(body).length === 1 &&
  typeof (body as { proxied?: unknown }).proxied === 'boolean'

/**
 * DNS records. Writes are checked with the shared schemas (default code 1004, "DNS Validation
 * Error"; rules carry their own codes such as 9005). Import is multipart (a BIND file), so it has no
 * JSON body schema; export answers text/plain.
 */
export const dnsEndpoints = declare('dns', [
  { method: 'GET', path: '/zones/:zone_id/dns_records', query: dnsRecordsSearchSchema, result: records },
  {
    method: 'POST',
    path: '/zones/:zone_id/dns_records',
    body: dnsRecordInputSchema,
    validationCode: 1004,
    result: dnsRecordSchema,
    audit: { type: 'dns_record' },
  },
  { method: 'GET', path: '/zones/:zone_id/dns_records/export' },
  {
    method: 'POST',
    path: '/zones/:zone_id/dns_records/import',
    result: dnsImportResultSchema,
    audit: { type: 'dns_records', action: 'import' },
  },
  {
    method: 'POST',
    path: '/zones/:zone_id/dns_records/batch',
    body: dnsRecordsBatchSchema,
    validationCode: 1004,
    result: lazySchema(() => z.object({ deletes: records, patches: records, puts: records, posts: records })),
    audit: { type: 'dns_records', action: 'batch' },
  },
  { method: 'GET', path: '/zones/:zone_id/dns_records/:dns_record_id', result: dnsRecordSchema },
  {
    method: 'PATCH',
    path: '/zones/:zone_id/dns_records/:dns_record_id',
    body: dnsRecordPatchSchema,
    validationCode: 1004,
    result: dnsRecordSchema,
    // A body that only sets `proxied` is the proxy switch of the table.
    audit: { type: 'dns_record', action: (body) => (isProxyToggle(body) ? 'proxy' : 'update') },
  },
  {
    method: 'PUT',
    path: '/zones/:zone_id/dns_records/:dns_record_id',
    body: dnsRecordInputSchema,
    validationCode: 1004,
    result: dnsRecordSchema,
    audit: { type: 'dns_record' },
  },
  {
    method: 'DELETE',
    path: '/zones/:zone_id/dns_records/:dns_record_id',
    result: dnsRecordDeletedSchema,
    audit: { type: 'dns_record' },
  },
  // DNS scan (api-notes §14): editors start a scan and review what it found.
  {
    method: 'POST',
    path: '/zones/:zone_id/dns_records/scan/trigger',
    result: lazySchema(() => z.null()),
    audit: { type: 'dns_scan', action: 'scan' },
  },
  { method: 'GET', path: '/zones/:zone_id/dns_records/scan/review', result: records },
  {
    method: 'POST',
    path: '/zones/:zone_id/dns_records/scan/review',
    body: dnsScanReviewSchema,
    validationCode: 1004,
    result: lazySchema(() => z.object({ accepts: records, rejects: z.array(z.string()) })),
    audit: { type: 'dns_scan', action: 'scan-review' },
  },
])
