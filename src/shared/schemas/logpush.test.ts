import { describe, expect, it } from 'vitest'
import { apiErrorsFromIssues } from './common'
import { destinationNeedsOwnership, logpushJobCreateSchema, logpushJobUpdateSchema } from './logpush'

const valid = {
  name: 'example.com-http',
  destination_conf: 'https://logs.example.net/ingest?header_Authorization=Basic%20abc',
  dataset: 'http_requests',
  output_options: { field_names: ['RayID', 'EdgeStartTimestamp'], timestamp_format: 'rfc3339' },
}
const pointers = (body: unknown) => {
  const r = logpushJobCreateSchema.safeParse(body)
  return r.success ? [] : apiErrorsFromIssues(r.error.issues, 1004).map((e) => e.source?.pointer)
}

describe('log job create schema', () => {
  it('accepts the specification example shape', () => {
    expect(pointers(valid)).toEqual([])
  })

  it('requires destination_conf', () => {
    const { destination_conf: _d, ...rest } = valid
    expect(pointers(rest)).toEqual(['/destination_conf'])
  })

  it('accepts only the listed destination schemes', () => {
    for (const d of ['r2://b/p', 'gs://b/p', 's3://b/p?region=x', 'sumo://x/y', 'https://h/p', 'azure://c/p', 'splunk://h/p', 'datadog://h/p']) {
      expect(pointers({ ...valid, destination_conf: d, ownership_challenge: 'abc' })).toEqual([])
    }
    for (const d of ['ftp://b/p', 'http://h/p', 'bucket/path', 's3://b/with space']) expect(pointers({ ...valid, destination_conf: d })).toEqual(['/destination_conf'])
  })

  it('restricts the name to letters, digits, dots and hyphens, at most 512', () => {
    expect(pointers({ ...valid, name: 'my_job' })).toEqual(['/name'])
    expect(pointers({ ...valid, name: 'my job' })).toEqual(['/name'])
    expect(pointers({ ...valid, name: 'a'.repeat(513) })).toEqual(['/name'])
    expect(pointers({ ...valid, name: null })).toEqual([])
  })

  it('accepts zone datasets only', () => {
    expect(pointers({ ...valid, dataset: 'firewall_events', output_options: undefined })).toEqual([])
    expect(pointers({ ...valid, dataset: 'gateway_dns' })).toEqual(['/dataset'])
    expect(pointers({ ...valid, dataset: 'nope' })).toEqual(['/dataset'])
  })

  it('checks http_requests field names, and refuses a field listed twice', () => {
    expect(pointers({ ...valid, output_options: { field_names: ['RayID', 'NotAField'] } })).toEqual(['/output_options/field_names/1'])
    expect(pointers({ ...valid, output_options: { field_names: ['RayID', 'RayID'] } })).toEqual(['/output_options/field_names/1'])
    expect(pointers({ ...valid, output_options: { field_names: ['RequestHeaders', 'ResponseHeaders', 'Cookies'] } })).toEqual([])
  })

  it('knows the timestamp formats and output types', () => {
    expect(pointers({ ...valid, output_options: { timestamp_format: 'iso' } })).toEqual(['/output_options/timestamp_format'])
    expect(pointers({ ...valid, output_options: { output_type: 'json' } })).toEqual(['/output_options/output_type'])
  })

  it('takes 0 or the documented range for the upload limits', () => {
    expect(pointers({ ...valid, max_upload_records: 0, max_upload_bytes: 5_000_000, max_upload_interval_seconds: 300 })).toEqual([])
    expect(pointers({ ...valid, max_upload_records: 999 })).toEqual(['/max_upload_records'])
    expect(pointers({ ...valid, max_upload_interval_seconds: 301 })).toEqual(['/max_upload_interval_seconds'])
    expect(pointers({ ...valid, max_upload_bytes: 4_999_999 })).toEqual(['/max_upload_bytes'])
  })

  it('asks for an ownership challenge where the destination needs one', () => {
    expect(pointers({ ...valid, destination_conf: 's3://bucket/logs?region=us-east-1' })).toEqual(['/ownership_challenge'])
    expect(pointers({ ...valid, destination_conf: 's3://bucket/logs?region=us-east-1', ownership_challenge: 'a.b.c' })).toEqual([])
    expect(pointers({ ...valid, ownership_challenge: 'has space' })).toEqual(['/ownership_challenge'])
  })

  it('allows Edge Log Delivery only for http_requests', () => {
    expect(pointers({ ...valid, kind: 'edge' })).toEqual([])
    expect(pointers({ ...valid, dataset: 'firewall_events', output_options: undefined, kind: 'edge' })).toEqual(['/kind'])
  })

  it('makes every field optional on update', () => {
    expect(logpushJobUpdateSchema.safeParse({ enabled: false }).success).toBe(true)
  })
})

describe('destinationNeedsOwnership', () => {
  it('is true for s3 without keys, gs, azure and sumo; false for r2, https, datadog, splunk and keyed S3-compatible storage', () => {
    expect(['s3://b/p', 'gs://b/p', 'azure://c/p', 'sumo://h/p'].map(destinationNeedsOwnership)).toEqual([true, true, true, true])
    expect(
      ['r2://b/p', 'https://h/p', 'datadog://h/p', 'splunk://h/p', 's3://b/p?region=auto&access-key-id=K&secret-access-key=S&endpoint=e'].map(
        destinationNeedsOwnership,
      ),
    ).toEqual([false, false, false, false, false])
  })
})
