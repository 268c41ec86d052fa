import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from './redact'

describe('createRedactor', () => {
  const r = createRedactor(['s3cr/et-token'])

  it('replaces every occurrence in text, raw and JSON-escaped', () => {
    expect(r.text('a s3cr/et-token b s3cr/et-token')).toBe(`a ${REDACTED} b ${REDACTED}`)
    expect(r.text('{"t":"s3cr\\/et-token"}')).toBe(`{"t":"${REDACTED}"}`)
  })

  it('finds the secret behind any mix of \\u escapes and escaped slashes', () => {
    const every = [...'s3cr/et-token'].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    expect(r.text(`{"t":"Bearer ${every}","u":1}`)).toBe(`{"t":"Bearer ${REDACTED}","u":1}`)
    expect(r.text('{"t":"s3\\u0063r\\/et-tok\\u0065n"}')).toBe(`{"t":"${REDACTED}"}`)
    expect(r.text('{"t":"S3\\u0063r\\/et-tok\\u0065n"}')).toBe('{"t":"S3\\u0063r\\/et-tok\\u0065n"}')
    // An escaped backslash before "u" is a literal backslash, not an escape.
    expect(r.text('{"t":"\\\\u0073"}')).toBe('{"t":"\\\\u0073"}')
  })

  it('leaves text without the secret as it is', () => {
    const clean = '{"a":"\\u00e9t\\u00e9 \\/ \\"quoted\\""}'
    expect(r.text(clean)).toBe(clean)
  })

  it('does the same on bytes, returning the same buffer when there is nothing to replace', () => {
    const clean = Buffer.from('{"a":"nothing \\u00e9 to see"}')
    expect(r.bytes(clean)).toBe(clean)
    expect(r.bytes(Buffer.from('x s3cr/et-token y')).toString()).toBe(`x ${REDACTED} y`)
    expect(r.bytes(Buffer.from('{"t":"s3\\u0063r\\/et-token"}')).toString()).toBe(`{"t":"${REDACTED}"}`)
  })

  it('does nothing without secrets', () => {
    expect(createRedactor([]).text('anything')).toBe('anything')
    expect(createRedactor(['']).text('anything')).toBe('anything')
  })
})
