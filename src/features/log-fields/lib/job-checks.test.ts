import { describe, expect, it } from 'vitest'
import type { ResolverOptions } from 'react-hook-form'
import type { LogpushJobCreate } from '@/shared/schemas/logpush'
import { needsOwnership } from './job-checks'
import { defaultJob } from './default-job'
import { lazyJobResolver } from './use-job-checks'

const options: ResolverOptions<LogpushJobCreate> = { fields: {}, shouldUseNativeValidation: false }

describe('the job form checks, loaded on demand', () => {
  it('asks for the ownership challenge only for valid storage destinations', () => {
    expect(needsOwnership('s3://bucket/logs/{DATE}?region=us-east-1')).toBe(true)
    expect(needsOwnership('s3://bucket/logs?region=auto&access-key-id=AK&secret-access-key=SK')).toBe(false)
    expect(needsOwnership('gs://bucket/path')).toBe(true)
    expect(needsOwnership('https://logs.example.com/in')).toBe(false)
    expect(needsOwnership('s3://')).toBe(false)
    expect(needsOwnership('')).toBe(false)
  })

  it('the lazy resolver runs the shared create schema', async () => {
    const empty = await lazyJobResolver(defaultJob('example.com', []), undefined, options)
    expect(Object.keys(empty.errors)).toEqual(['destination_conf'])
    const withoutToken = await lazyJobResolver(
      { ...defaultJob('example.com', []), destination_conf: 's3://b/p?region=us-east-1' },
      undefined,
      options,
    )
    expect(Object.keys(withoutToken.errors)).toEqual(['ownership_challenge'])
    const ok = await lazyJobResolver(
      { ...defaultJob('example.com', []), destination_conf: 'https://logs.example.com/in' },
      undefined,
      options,
    )
    expect(ok.errors).toEqual({})
    expect(ok.values).toMatchObject({ destination_conf: 'https://logs.example.com/in', dataset: 'http_requests' })
  })
})
