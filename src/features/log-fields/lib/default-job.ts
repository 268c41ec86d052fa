import { DEFAULT_LOG_JOB_FIELDS, type CustomFieldOutput } from '@/shared/log-fields/limits'
import type { LogpushJobCreate } from '@/shared/schemas/logpush'

/** Form defaults: RayID and EdgeStartTimestamp, plus whatever the custom fields need; RFC 3339 times. */
export function defaultJob(zoneName: string, required: readonly CustomFieldOutput[]): LogpushJobCreate {
  return {
    name: `${zoneName.replace(/[^a-zA-Z0-9.-]/g, '-')}-http-requests`,
    dataset: 'http_requests',
    destination_conf: '',
    enabled: true,
    ownership_challenge: '',
    output_options: { field_names: [...DEFAULT_LOG_JOB_FIELDS, ...required], timestamp_format: 'rfc3339', output_type: 'ndjson' },
  }
}
