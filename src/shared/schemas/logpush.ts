import { z } from 'zod'
import { isHttpRequestsField } from '../log-fields/http-requests-fields'
import { groupDigits } from '../digits'
import { lazySchema } from './lazy'

/** Log jobs (Logpush, zone scope; api-notes §7). */

export const logpushDatasets = [
  'access_requests',
  'audit_logs',
  'audit_logs_v2',
  'biso_user_actions',
  'casb_findings',
  'device_posture_results',
  'dex_application_tests',
  'dex_device_state_events',
  'dlp_forensic_copies',
  'dns_firewall_logs',
  'dns_logs',
  'email_security_alerts',
  'email_security_post_delivery_events',
  'firewall_events',
  'gateway_dns',
  'gateway_http',
  'gateway_network',
  'http_requests',
  'ipsec_logs',
  'magic_ids_detections',
  'mcp_portal_logs',
  'mnm_flow_logs',
  'nel_reports',
  'network_analytics_logs',
  'page_shield_events',
  'sinkhole_http_logs',
  'spectrum_events',
  'ssh_logs',
  'turnstile_events',
  'warp_config_changes',
  'warp_toggle_changes',
  'websocket_analytics',
  'workers_trace_events',
  'zaraz_events',
  'zero_trust_network_sessions',
] as const

/** Datasets a zone-level job may use (the others belong to accounts). */
export const zoneLogpushDatasets = [
  'dns_logs',
  'firewall_events',
  'http_requests',
  'nel_reports',
  'page_shield_events',
  'spectrum_events',
  'websocket_analytics',
  'zaraz_events',
] as const

export const zoneDatasetSchema = lazySchema(() =>
  z
    .string()
    .max(256)
    .superRefine((d, ctx) => {
      if (!(logpushDatasets as readonly string[]).includes(d)) {
        ctx.addIssue({ code: 'custom', message: `${d} is not a dataset. A zone job can use ${zoneLogpushDatasets.join(', ')}.` })
      } else if (!(zoneLogpushDatasets as readonly string[]).includes(d)) {
        ctx.addIssue({
          code: 'custom',
          message: `${d} belongs to accounts; a zone job can use ${zoneLogpushDatasets.join(', ')}.`,
        })
      }
    }),
)

export const logpushDestinationSchemes = ['r2', 'gs', 's3', 'sumo', 'https', 'azure', 'splunk', 'datadog'] as const

export const destinationConfSchema = lazySchema(() =>
  z
    .string({ message: 'Enter the destination: where the logs are sent, for example s3://bucket/logs/{DATE}?region=us-east-1.' })
    .min(1, 'Enter the destination: where the logs are sent, for example s3://bucket/logs/{DATE}?region=us-east-1.')
    .max(4096, 'A destination is at most 4,096 characters.')
    .regex(
      new RegExp(`^(${logpushDestinationSchemes.join('|')})://\\S+$`),
      `The destination must start with one of ${logpushDestinationSchemes.map((s) => s + '://').join(', ')} and contain no spaces.`,
    ),
)

/**
 * Whether a destination needs an ownership challenge before a job can push to it: s3 (unless it is
 * S3-compatible storage addressed with its own keys), gs, azure and sumo.
 */
export function destinationNeedsOwnership(destination: string): boolean {
  const scheme = destination.split('://')[0]
  if (scheme === 's3') return !/[?&]access-key-id=/.test(destination)
  return scheme === 'gs' || scheme === 'azure' || scheme === 'sumo'
}

export const logpushNameSchema = lazySchema(() =>
  z
    .string()
    .max(512, 'A job name is at most 512 characters.')
    .regex(/^[a-zA-Z0-9.-]*$/, 'Use letters, digits, dots and hyphens only (no spaces or underscores).')
    .nullable(),
)

export const ownershipChallengeSchema = lazySchema(() =>
  z
    .string()
    .max(4096)
    .regex(/^[a-zA-Z0-9/+._-]*$/, 'Paste the token exactly as found in the ownership-challenge file.'),
)

export const timestampFormats = ['unixnano', 'unix', 'rfc3339', 'rfc3339ms', 'rfc3339ns'] as const
export const timestampFormatSchema = lazySchema(() => z.enum(timestampFormats))

const nullableString = lazySchema(() => z.string().nullable().optional())

export const outputOptionsSchema = lazySchema(() =>
  z.object({
    field_names: z
      .array(z.string().min(1, 'A field name cannot be empty.'))
      .superRefine((names, ctx) => {
        const seen = new Set<string>()
        names.forEach((n, i) => {
          if (seen.has(n)) ctx.addIssue({ code: 'custom', path: [i], message: `${n} is listed twice.` })
          seen.add(n)
        })
      })
      .optional(),
    output_type: z.enum(['ndjson', 'csv']).optional(),
    timestamp_format: timestampFormatSchema.optional(),
    sample_rate: z
      .number()
      .min(0, 'The sample rate is between 0 and 1.')
      .max(1, 'The sample rate is between 0 and 1.')
      .nullable()
      .optional(),
    batch_prefix: nullableString,
    batch_suffix: nullableString,
    record_prefix: nullableString,
    record_suffix: nullableString,
    record_delimiter: nullableString,
    record_template: nullableString,
    field_delimiter: nullableString,
    'CVE-2021-44228': z.boolean().nullable().optional(),
    merge_subrequests: z.boolean().nullable().optional(),
  }),
)
export type OutputOptions = z.infer<typeof outputOptionsSchema>

const zeroOr = (min: number, max: number, what: string) =>
  z
    .number()
    .int()
    .refine((n) => n === 0 || (n >= min && n <= max), {
      message: `${what} is 0 (off) or from ${groupDigits(min)} to ${groupDigits(max)}.`,
    })
    .nullable()
    .optional()

const filterSchema = lazySchema(() =>
  z
    .string()
    .refine((f) => {
      try {
        return typeof JSON.parse(f) === 'object'
      } catch {
        return false
      }
    }, 'The filter is a JSON object, for example {"where":{"key":"ClientRequestHost","operator":"eq","value":"example.com"}}.')
    .nullable()
    .optional(),
)

/** Fields a job may set both on create and on update. */
const jobFields = {
  name: lazySchema(() => logpushNameSchema.optional()),
  enabled: lazySchema(() => z.boolean().optional()),
  filter: filterSchema,
  logpull_options: lazySchema(() => z.string().max(4096).nullable().optional()),
  output_options: lazySchema(() => outputOptionsSchema.nullable().optional()),
  frequency: lazySchema(() => z.enum(['high', 'low']).nullable().optional()),
  max_upload_bytes: zeroOr(5_000_000, 1_000_000_000, 'max_upload_bytes'),
  max_upload_records: zeroOr(1_000, 1_000_000, 'max_upload_records'),
  max_upload_interval_seconds: zeroOr(30, 300, 'max_upload_interval_seconds'),
  ownership_challenge: lazySchema(() => ownershipChallengeSchema.optional()),
}

/** field_names of an http_requests job must be fields of that dataset (pointer /output_options/field_names/i). */
export function fieldNameIssues(dataset: string | null | undefined, names: readonly string[] | undefined) {
  if (dataset !== 'http_requests' || !names) return []
  return names.flatMap((n, i) =>
    isHttpRequestsField(n)
      ? []
      : [{ path: ['output_options', 'field_names', i], message: `${n} is not a field of the http_requests dataset.` }],
  )
}

/** A job's create body; `dataset` is the level's own (zone datasets, or any dataset for an account). */
const jobCreateSchema = <D extends z.ZodType<string>>(dataset: D, defaultDataset: string | null) =>
  z
    .object({
      ...jobFields,
      destination_conf: destinationConfSchema,
      dataset: dataset.nullable().optional(),
      kind: z.enum(['', 'edge']).optional(),
    })
    .superRefine((job, ctx) => {
      const chosen = job.dataset ?? defaultDataset
      if (chosen === null)
        ctx.addIssue({
          code: 'custom',
          path: ['dataset'],
          message: 'Choose the dataset the job pushes (for example gateway_dns).',
        })
      for (const issue of fieldNameIssues(chosen, job.output_options?.field_names)) ctx.addIssue({ code: 'custom', ...issue })
      if (job.kind === 'edge' && chosen !== 'http_requests') {
        ctx.addIssue({
          code: 'custom',
          path: ['kind'],
          message: 'Edge Log Delivery (kind "edge") is available for http_requests only.',
        })
      }
      if (
        destinationConfSchema.safeParse(job.destination_conf).success &&
        destinationNeedsOwnership(job.destination_conf) &&
        !job.ownership_challenge
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['ownership_challenge'],
          message:
            'This destination needs an ownership challenge: request one (POST …/logpush/ownership) and paste the token it writes to the destination.',
        })
      }
    })

/** POST /zones/:zone_id/logpush/jobs (dataset defaults to http_requests). */
export const logpushJobCreateSchema = lazySchema(() => jobCreateSchema(zoneDatasetSchema, 'http_requests'))

/** POST /accounts/:account_id/logpush/jobs: any dataset of the service, to be named. */
export const accountLogpushJobCreateSchema = lazySchema(() =>
  jobCreateSchema(
    z.enum(logpushDatasets, `dataset must be a dataset of the service (for example gateway_dns or audit_logs).`),
    null,
  ),
)
export type LogpushJobCreate = z.infer<typeof logpushJobCreateSchema>

/** PUT /zones/:zone_id/logpush/jobs/:job_id: the fields sent replace the job's; dataset and kind stay. */
export const logpushJobUpdateSchema = lazySchema(() =>
  z.object({
    ...jobFields,
    destination_conf: destinationConfSchema.optional(),
  }),
)
export type LogpushJobUpdate = z.infer<typeof logpushJobUpdateSchema>

export const ownershipRequestSchema = lazySchema(() => z.object({ destination_conf: destinationConfSchema }))
export const ownershipValidateSchema = lazySchema(() =>
  z.object({
    destination_conf: destinationConfSchema,
    ownership_challenge: ownershipChallengeSchema.min(1, 'Paste the token from the ownership-challenge file.'),
  }),
)

/* ---- What the API answers ---- */

export const logpushJobSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    dataset: z.string().nullable(),
    destination_conf: z.string(),
    enabled: z.boolean(),
    kind: z.string().optional(),
    filter: z.string().nullable().optional(),
    logpull_options: z.string().nullable().optional(),
    output_options: outputOptionsSchema.nullable().optional(),
    frequency: z.string().nullable().optional(),
    max_upload_bytes: z.number().nullable().optional(),
    max_upload_records: z.number().nullable().optional(),
    max_upload_interval_seconds: z.number().nullable().optional(),
    last_complete: z.string().nullable().optional(),
    last_error: z.string().nullable().optional(),
    error_message: z.string().nullable().optional(),
  }),
)
export type LogpushJob = z.infer<typeof logpushJobSchema>

export const ownershipChallengeResultSchema = lazySchema(() =>
  z.object({ filename: z.string(), message: z.string(), valid: z.boolean() }),
)
export type OwnershipChallengeResult = z.infer<typeof ownershipChallengeResultSchema>

/** GET …/logpush/datasets/:dataset/fields: field name → description. */
export const datasetFieldsSchema = lazySchema(() => z.record(z.string(), z.string()))
