import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api-client'
import { errorLine, explainCode, explainError } from './error-text'

describe('explainError', () => {
  it('explains a known code and keeps the API code and message', () => {
    const e = explainError(new ApiRequestError(400, [{ code: 81058, message: 'An identical record already exists.' }]))
    expect(e.summary).toMatch(/identical record/i)
    expect(e.items[0]).toMatchObject({ code: 81058, message: 'An identical record already exists.' })
    expect(e.status).toBe(400)
  })

  it('a refusal by the dashboard\'s server (10403) is said once, in its own words, with no guess before it', () => {
    const reason = 'This is account-level information: it needs access to all zones, and yours is limited to some zones.'
    const e = explainError(new ApiRequestError(403, [{ code: 10403, message: reason }]))
    expect(e).toMatchObject({ summary: reason, items: [], refused: true })
    expect(errorLine(new ApiRequestError(403, [{ code: 10403, message: reason }]))).toBe(reason)
    expect(e.summary).not.toMatch(/did not come from this dashboard/)
  })

  it('falls back to the HTTP status for unknown codes', () => {
    expect(explainError(new ApiRequestError(429, [{ code: 99999, message: 'x' }])).summary).toMatch(/too many requests/i)
    expect(explainError(new ApiRequestError(503, [{ code: 99998, message: 'x' }])).summary).toMatch(/problem answering/i)
  })

  it('explains the dashboard and proxy codes', () => {
    for (const code of [0, 1001, 7000, 9004, 9021, 9106, 10502, 10504, 81053]) expect(explainCode(code), String(code)).toBeTruthy()
    expect(explainCode(123456)).toBeUndefined()
  })

  it('handles non-API errors', () => {
    const e = explainError(new Error('kaput'))
    expect(e.items[0].message).toBe('kaput')
    expect(e.summary).toMatch(/inside the dashboard/)
  })

  it('makes a one-line toast text with code and message', () => {
    expect(errorLine(new ApiRequestError(400, [{ code: 9021, message: 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.' }]))).toBe(
      '9021: TTL must be between 60 and 86400 seconds, or 1 for Automatic.',
    )
  })
})
