import { zodResolver } from '@hookform/resolvers/zod'
import type { Control, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form'
import { planAttributeProblems, type PlanTier } from '@/shared/dns/plan-limits'
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
 * The same check plus the zone's plan (comment length, tags), as the sandbox and the service apply
 * it; without a known plan, the plan is left to the server.
 */
export const recordResolverFor =
  (tier: PlanTier | undefined): Resolver<RecordFormValues, unknown, DnsRecordInput> =>
  async (values, context, options) => {
    const result = await recordResolver(values, context, options)
    if (!tier) return result
    const problems = planAttributeProblems(tier, { comment: values.comment, tags: values.tags })
    const fieldErrors = result.errors as Record<string, unknown>
    const added = problems.filter((p) => !fieldErrors[p.field])
    if (!added.length) return result
    const errors = { ...result.errors }
    for (const p of added) Object.assign(errors, { [p.field]: { type: 'plan', message: p.message } })
    return { values: {}, errors } as ResolverResult<RecordFormValues, DnsRecordInput>
  }

/**
 * The control the field components take. The shared fields are typed `Control<T>` (values in =
 * values out), so the form's `Control<RecordFormValues, unknown, DnsRecordInput>` is narrowed to it
 * once, in the dialog; the fields only read and write form values.
 */
export type RecordControl = Control<RecordFormValues>
