import { z } from 'zod'
import { ALL_DNS_RECORD_TYPES, DNS_RECORD_TYPES, isDnsRecordType } from '../dns/record-types'
import { dnsRecordInputSchemas, FLATTEN_PROXIED_MESSAGE, flattensProxied } from './dns-record-input'
import {
  commentSchema,
  prioritySchema,
  proxiedSchema,
  recordNameSchema,
  settingsSchema,
  tagsSchema,
  ttlSchema,
} from './dns-record-fields'
import { lazySchema } from './lazy'

/**
 * A PATCH body: any subset of the record's fields; unspecified fields stay as they are.
 * Fields whose rules depend on the type (content, data, proxied) are checked against `type` when it
 * is sent; the sandbox checks the merged record with the full input schema as well. Changing the
 * type is refused by the service (delete and create instead), which needs the stored record.
 */
export const dnsRecordPatchSchema = lazySchema(() =>
  z
    .object({
      type: z
        .string({ error: 'The record type must be text.' })
        .refine((t) => t !== 'SOA', { message: 'The SOA record is created automatically for the zone and cannot be changed.' })
        .refine((t) => t === 'SOA' || (ALL_DNS_RECORD_TYPES as readonly string[]).includes(t), {
          message: `Choose a record type, in capital letters: ${DNS_RECORD_TYPES.join(', ')}.`,
        })
        .optional(),
      name: recordNameSchema.optional(),
      content: z.string({ error: 'Content must be text.' }).optional(),
      data: z.record(z.string(), z.unknown(), { error: 'Data must be an object of fields.' }).optional(),
      priority: prioritySchema.optional(),
      ttl: ttlSchema.optional(),
      proxied: proxiedSchema.optional(),
      comment: commentSchema.optional(),
      tags: tagsSchema.optional(),
      settings: settingsSchema.optional(),
      private_routing: z.boolean().optional(),
    })
    .superRefine((v, ctx) => {
      // Both in one PATCH: refused whatever the stored record is (only a CNAME has the switch).
      if ((v.type === undefined || v.type === 'CNAME') && flattensProxied(v)) {
        ctx.addIssue({ code: 'custom', path: ['settings'], message: FLATTEN_PROXIED_MESSAGE })
      }
      if (!v.type || !isDnsRecordType(v.type)) return
      const shape = dnsRecordInputSchemas[v.type].shape as Record<string, z.ZodType | undefined>
      for (const field of ['content', 'data', 'proxied'] as const) {
        const schema = shape[field]
        if (v[field] === undefined || !schema) continue
        const r = schema.safeParse(v[field])
        if (r.success) continue
        for (const i of r.error.issues) {
          const params = (i as { params?: Record<string, unknown> }).params
          ctx.addIssue({ code: 'custom', path: [field, ...i.path], message: i.message, ...(params ? { params } : {}) })
        }
      }
    }),
)

export type DnsRecordPatch = z.infer<typeof dnsRecordPatchSchema>
