import { describe, expect, it } from 'vitest'
import { logpushJobCreateSchema } from '@/shared/schemas/logpush'
import { defaultJob } from './default-job'

describe('new log job defaults', () => {
  it('preselects RayID and EdgeStartTimestamp, uses RFC 3339 times, and adds what the custom fields need', () => {
    const job = defaultJob('example.com', ['RequestHeaders', 'Cookies'])
    expect(job.output_options?.field_names).toEqual(['RayID', 'EdgeStartTimestamp', 'RequestHeaders', 'Cookies'])
    expect(job.output_options?.timestamp_format).toBe('rfc3339')
    expect(job.dataset).toBe('http_requests')
  })

  it('gives a name the API accepts once a destination is filled in', () => {
    const job = { ...defaultJob('xn--bcher-kva.example', []), destination_conf: 'https://logs.example.net/in' }
    expect(logpushJobCreateSchema.safeParse(job).success).toBe(true)
  })
})
