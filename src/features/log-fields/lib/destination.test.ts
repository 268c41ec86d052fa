import { describe, expect, it } from 'vitest'
import { logpushDestinationSchemes } from '@/shared/schemas/logpush'
import { DESTINATION_SCHEMES, looksLikeOwnershipStorage, maskDestination, tokenInMessage } from './destination'

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

describe('ownership step', () => {
  it('shows for storage destinations from the first keystrokes, not for others', () => {
    expect(looksLikeOwnershipStorage('s3://acme-logs')).toBe(true) // region still missing: the step already shows
    expect(looksLikeOwnershipStorage('gs://bucket/path')).toBe(true)
    expect(looksLikeOwnershipStorage('s3://b/p?region=us-east-1&access-key-id=AK&secret-access-key=x')).toBe(false)
    expect(looksLikeOwnershipStorage('https://logs.example.com/in')).toBe(false)
    expect(looksLikeOwnershipStorage('s3')).toBe(false)
  })
  it('finds the token in the sandbox answer without the punctuation around it', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJ6b25lIjoiYWJjIn0.c2lnbmF0dXJlLXBhcnQ'
    expect(tokenInMessage(`Sandbox: no file was written. The file would hold this token:\n${token}`)).toBe(token)
    expect(tokenInMessage(`... this token: ${token}.`)).toBe(token)
    expect(tokenInMessage('')).toBeUndefined()
  })
})
