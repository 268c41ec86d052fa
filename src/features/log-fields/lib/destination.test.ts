import { describe, expect, it } from 'vitest'
import { logpushDestinationSchemes } from '@/shared/schemas/logpush'
import { DESTINATION_SCHEMES, maskDestination } from './destination'

describe('DESTINATION_SCHEMES', () => {
  it('is the shared schema’s list (the form shows it without loading zod)', () => {
    expect(DESTINATION_SCHEMES).toEqual(logpushDestinationSchemes)
  })
})

describe('maskDestination', () => {
  it('hides the values of credential parameters and keeps the rest', () => {
    expect(maskDestination('r2://logs/http/{DATE}?account-id=abc&access-key-id=AK&secret-access-key=SK')).toBe(
      'r2://logs/http/{DATE}?account-id=abc&access-key-id=•••&secret-access-key=•••',
    )
    expect(maskDestination('datadog://intake/api?header_DD-API-KEY=123&service=web')).toBe('datadog://intake/api?header_DD-API-KEY=•••&service=web')
    expect(maskDestination('https://h/in?header_Authorization=Basic%20x')).toBe('https://h/in?header_Authorization=•••')
  })

  it('leaves destinations without a query alone', () => {
    expect(maskDestination('gs://bucket/path')).toBe('gs://bucket/path')
  })
})
