import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { dnsRecordPatchSchema } from '../../shared/schemas/dns-record-patch'
import { dnsRecordsBatchSchema } from '../../shared/schemas/dns-records-batch'
import type { Endpoint } from './types'

/**
 * DNS records. Writes are checked with the shared schemas (default code 1004, "DNS Validation
 * Error"; rules carry their own codes such as 9005). Import is multipart (a BIND file), so it has no
 * JSON body schema; export answers text/plain.
 */
export const dnsEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/dns_records' },
  { method: 'POST', path: '/zones/:zone_id/dns_records', body: dnsRecordInputSchema, validationCode: 1004 },
  { method: 'GET', path: '/zones/:zone_id/dns_records/export' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/import' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/batch', body: dnsRecordsBatchSchema, validationCode: 1004 },
  { method: 'GET', path: '/zones/:zone_id/dns_records/:dns_record_id' },
  { method: 'PATCH', path: '/zones/:zone_id/dns_records/:dns_record_id', body: dnsRecordPatchSchema, validationCode: 1004 },
  { method: 'PUT', path: '/zones/:zone_id/dns_records/:dns_record_id', body: dnsRecordInputSchema, validationCode: 1004 },
  { method: 'DELETE', path: '/zones/:zone_id/dns_records/:dns_record_id' },
]
