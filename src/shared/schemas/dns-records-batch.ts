import { z } from 'zod'
import { dnsRecordInputSchema } from './dns-record-input'
import { dnsRecordPatchSchema } from './dns-record-patch'
import { lazySchema } from './lazy'

/**
 * `POST /zones/:zone_id/dns_records/batch` (api-notes §14, the service's "Batch record changes"):
 * deletes, then patches, then puts, then posts, in one transaction; all or nothing. Every item is
 * checked with the schema of its single-record endpoint, and each problem points at its item
 * (`/posts/0/content`, `/patches/2/id`).
 */

export const DNS_BATCH_KINDS = ['deletes', 'patches', 'puts', 'posts'] as const
export type DnsBatchKind = (typeof DNS_BATCH_KINDS)[number]

/** Records per request: 200 on the Free plan, 3,500 on paid plans. */
export const DNS_BATCH_LIMITS = { free: 200, paid: 3500 } as const

export type DnsBatchItem = Record<string, unknown>
export type DnsRecordsBatch = Partial<Record<DnsBatchKind, DnsBatchItem[]>>

const ITEM_SCHEMA: Record<DnsBatchKind, z.ZodType | undefined> = {
  deletes: undefined,
  patches: dnsRecordPatchSchema,
  puts: dnsRecordInputSchema,
  posts: dnsRecordInputSchema,
}

/** How many records a batch touches (what the per-request limit counts). */
export const batchSize = (b: DnsRecordsBatch) => DNS_BATCH_KINDS.reduce((n, k) => n + (b[k]?.length ?? 0), 0)

const list = lazySchema(() => z.array(z.unknown(), { error: 'Must be a list of records.' }).optional())

export const dnsRecordsBatchSchema = lazySchema(() =>
  z
    .object({ deletes: list, patches: list, puts: list, posts: list })
    .superRefine((body, ctx) => {
      const size = DNS_BATCH_KINDS.reduce((n, k) => n + (body[k]?.length ?? 0), 0)
      if (size > DNS_BATCH_LIMITS.paid) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `A batch can change at most ${DNS_BATCH_LIMITS.paid} records (${DNS_BATCH_LIMITS.free} on the Free plan); this one has ${size}. Split it.`,
        })
        return
      }
      for (const kind of DNS_BATCH_KINDS) {
        body[kind]?.forEach((item, i) => {
          if (!item || typeof item !== 'object' || Array.isArray(item)) {
            ctx.addIssue({ code: 'custom', path: [kind, i], message: 'Each item must be a record object.' })
            return
          }
          const { id, ...fields } = item as DnsBatchItem
          if (kind !== 'posts' && (typeof id !== 'string' || id === '')) {
            ctx.addIssue({ code: 'custom', path: [kind, i, 'id'], message: 'The id of the record to change is required.' })
          }
          const schema = ITEM_SCHEMA[kind]
          const parsed = schema?.safeParse(fields)
          if (!parsed || parsed.success) return
          for (const issue of parsed.error.issues) {
            const params = (issue as { params?: Record<string, unknown> }).params
            ctx.addIssue({
              code: 'custom',
              path: [kind, i, ...issue.path],
              message: issue.message,
              ...(params ? { params } : {}),
            })
          }
        })
      }
    })
    .transform((body) => body as DnsRecordsBatch),
)
