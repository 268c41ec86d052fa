import type { SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { insertJob, type JobValues } from './store'

const MIN = 60_000

/**
 * Seeded log jobs (stable integer ids). On example.com, job 146 lists no RequestHeaders,
 * ResponseHeaders or Cookies, so once custom fields are configured the dashboard's consistency
 * check has a job to flag; job 147 already carries them. shop-scale.io logs custom fields but its
 * job forgot Cookies.
 */
export function seedLogpushJobs({ db, now }: SeedContext): void {
  const t = now().getTime()
  const ago = (minutes: number) => new Date(t - minutes * MIN).toISOString()
  const base = (v: Partial<JobValues> & Pick<JobValues, 'name' | 'destination_conf' | 'output_options'>): JobValues => ({
    dataset: 'http_requests',
    enabled: true,
    kind: '',
    filter: null,
    logpull_options: null,
    frequency: 'high',
    max_upload_bytes: 5_000_000,
    max_upload_records: 100_000,
    max_upload_interval_seconds: 30,
    last_complete: null,
    last_error: null,
    error_message: null,
    ...v,
  })
  const zoneExists = db.prepare('SELECT 1 FROM zones WHERE id = ?')
  const jobs: { id: number; zone: { id: string }; values: JobValues }[] = [
    {
      id: 146,
      zone: SEED_ZONES.demo,
      values: base({
        name: 'example.com-http-requests',
        destination_conf: 's3://acme-logs/example.com/http/{DATE}?region=us-east-1',
        last_complete: ago(3),
        output_options: {
          field_names: [
            'ClientIP', 'ClientRequestHost', 'ClientRequestMethod', 'ClientRequestURI', 'EdgeEndTimestamp',
            'EdgeResponseBytes', 'EdgeResponseStatus', 'EdgeStartTimestamp', 'RayID',
          ],
          output_type: 'ndjson',
          timestamp_format: 'rfc3339',
        },
      }),
    },
    {
      id: 147,
      zone: SEED_ZONES.demo,
      values: base({
        name: 'example.com-datadog',
        destination_conf: 'datadog://http-intake.logs.datadoghq.eu/api/v2/logs?header_DD-API-KEY=00000000000000000000000000000000&ddsource=cloudflare&service=example',
        enabled: false,
        last_complete: ago(60 * 24 * 4),
        last_error: ago(60 * 24 * 3),
        error_message: 'The destination answered 403 Forbidden: check the API key in the destination.',
        output_options: {
          field_names: ['RayID', 'EdgeStartTimestamp', 'ClientIP', 'ClientRequestURI', 'EdgeResponseStatus', 'RequestHeaders', 'ResponseHeaders', 'Cookies'],
          output_type: 'ndjson',
          timestamp_format: 'unixnano',
        },
      }),
    },
    {
      id: 152,
      zone: SEED_ZONES.scripts,
      values: base({
        name: 'shop-scale-orders',
        destination_conf: 'r2://shop-logs/http/{DATE}?account-id=5f0c9bd1e7a84c6a9a3a4e9f1a2b3c4d&access-key-id=R2KEY&secret-access-key=R2SECRET',
        last_complete: ago(1),
        output_options: {
          field_names: ['RayID', 'EdgeStartTimestamp', 'ClientRequestURI', 'EdgeResponseStatus', 'RequestHeaders', 'ResponseHeaders'],
          output_type: 'ndjson',
          timestamp_format: 'rfc3339',
        },
      }),
    },
  ]
  for (const j of jobs) if (zoneExists.get(j.zone.id)) insertJob(db, j.zone.id, j.values, j.id)
}
