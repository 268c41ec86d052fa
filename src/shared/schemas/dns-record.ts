/**
 * DNS record schemas: one contract for the browser form, the proxy and the sandbox.
 *
 * Usage (UI):
 * - Form: `useForm<DnsRecordInputValues, unknown, DnsRecordInput>({ resolver: zodResolver(dnsRecordInputSchema) })`.
 *   The schema is a discriminated union over `type` (DNS_RECORD_TYPES). A/AAAA/CNAME/MX/TXT/NS/PTR/
 *   OPENPGPKEY use `content`; MX and URI need a top-level `priority`; the other types use `data`
 *   (fields per `recordDataSchemas[type]`, numbers as numbers: register with `valueAsNumber`).
 *   `ttl` is optional (1 = Auto = 300 s; 60–86400 otherwise); proxied records are saved with ttl 1.
 *   Errors carry the API code in `issue.params.code`; server errors map back by `source.pointer`
 *   (`/content` → field `content`, `/data/port` → `data.port`). `dnsRecordInputSchemas[type]` is one
 *   type's object schema (its `.shape` lists the fields); `dnsRecordWritableSchema` is the union
 *   without the SOA-refusing branch. Write-only rules that need the zone (CNAME conflicts 81053/
 *   81054, duplicates 81058, proxied CNAME chains) are checked by the service, not the schema.
 * - Edit: PATCH with `dnsRecordPatchSchema` (partial; the type cannot change).
 * - Preview what will be saved: `normaliseRecordInput(values, zoneName)` (TXT gains quotes, AAAA is
 *   canonical, content summarised from data) or just `normaliseTxtContent(content)`.
 * - Hints that never block: `nameWarnings(name)` (underscores), `isProxiableType(type)`,
 *   `isServiceAddress(ip)` / SERVICE_IP_RANGES, `formatTtl(ttl)`, `relativeName(fqdn, zone)`.
 * - Table: rows parse with `dnsRecordSchema` (name is the lower-case FQDN; SOA rows are read-only,
 *   `meta.auto_added` marks records the service added); URL state with `dnsRecordsSearchSchema`.
 * - Import: POST multipart (`file`, `proxied`) → `dnsImportResultSchema` (added + refused lines).
 */
import { z } from 'zod'
import { ALL_DNS_RECORD_TYPES } from '../dns/record-types'
import { lazySchema } from './lazy'

export * from '../dns/record-types'

export { normaliseRecordInput } from '../dns/normalise'
export * from './dns-record-fields'
export * from './dns-record-data'
export * from './dns-record-input'
export * from './dns-record-patch'
export * from './dns-records-search'

export const dnsRecordMetaSchema = lazySchema(() =>
  z.looseObject({
    auto_added: z.boolean().optional(),
    managed_by_apps: z.boolean().optional(),
    managed_by_argo_tunnel: z.boolean().optional(),
    source: z.string().optional(),
    // Shadow metadata (only with include_shadow_metadata=true; see src/shared/dns/shadow.ts).
    shadowed_by: z.array(z.string()).optional(),
    is_glue: z.boolean().optional(),
    dead_glue: z.boolean().optional(),
    shadowed_records_count: z.number().int().optional(),
  }),
)

/** A DNS record as the API returns it (api-notes §3.3; no zone_id, zone_name or locked). */
export const dnsRecordSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(ALL_DNS_RECORD_TYPES),
    name: z.string(),
    content: z.string(),
    proxiable: z.boolean(),
    proxied: z.boolean(),
    ttl: z.number(),
    settings: z.record(z.string(), z.unknown()).default({}),
    meta: dnsRecordMetaSchema.default({}),
    comment: z.string().nullable().default(null),
    tags: z.array(z.string()).default([]),
    created_on: z.string(),
    modified_on: z.string(),
    comment_modified_on: z.string().optional(),
    tags_modified_on: z.string().optional(),
    /** MX and URI; SRV echoes data.priority here. */
    priority: z.number().optional(),
    /** Data-based types only. */
    data: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
)
export type DnsRecord = z.infer<typeof dnsRecordSchema>

/** DELETE answers `result: { id }`. */
export const dnsRecordDeletedSchema = lazySchema(() => z.object({ id: z.string() }))

/**
 * Result of POST …/dns_records/import. `recs_added` and `total_records_parsed` are the API's;
 * `added` and `refused` list each line (the sandbox's way of saying what happened to every line;
 * the same refusals are also in the envelope's `messages` as "Line N: reason").
 */
export const dnsImportResultSchema = lazySchema(() =>
  z.object({
    recs_added: z.number(),
    total_records_parsed: z.number(),
    added: z
      .array(z.object({ line: z.number(), id: z.string(), type: z.string(), name: z.string(), content: z.string() }))
      .optional(),
    refused: z.array(z.object({ line: z.number(), text: z.string(), code: z.number(), message: z.string() })).optional(),
  }),
)
export type DnsImportResult = z.infer<typeof dnsImportResultSchema>
