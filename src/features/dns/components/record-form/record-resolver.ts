import { zodResolver } from '@hookform/resolvers/zod'
import type { Control, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form'
import { dnsRecordInputSchema, type DnsRecordInput, type DnsRecordInputValues } from '@/shared/schemas/dns-record'
import { toRecordInput, type RecordFormValues } from '../../lib/record-form-values'

const schemaResolver = zodResolver(dnsRecordInputSchema)

/**
 * The form is checked by the shared input schema (the one the proxy and the sandbox use): the
 * flat form values are turned into the API body first, so error paths (`content`, `data.port`,
 * `priority`) are the form's own field names.
 */
export const recordResolver: Resolver<RecordFormValues, unknown, DnsRecordInput> = async (values, context, options) => {
  const result = await schemaResolver(toRecordInput(values), context, options as unknown as ResolverOptions<DnsRecordInputValues>)
  // Same errors object; the values are the parsed API body (never SOA: the type picker does not offer it).
  return result as unknown as ResolverResult<RecordFormValues, DnsRecordInput>
}

/**
 * The control the field components take. The shared fields are typed `Control<T>` (values in =
 * values out), so the form's `Control<RecordFormValues, unknown, DnsRecordInput>` is narrowed to it
 * once, in the dialog; the fields only read and write form values.
 */
export type RecordControl = Control<RecordFormValues>
