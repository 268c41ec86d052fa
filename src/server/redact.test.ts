import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from './redact'

describe('createRedactor', () => {
  const r = createRedactor(['s3cr/et-token'])

  it('replaces every occurrence in text, raw and JSON-escaped', () => {
    expect(r.text('a s3cr/et-token b s3cr/et-token')).toBe(`a ${REDACTED} b ${REDACTED}`)
    expect(r.text('{"t":"s3cr\\/et-token"}')).toBe(`{"t":"${REDACTED}"}`)
  })

  it('replaces every occurrence in bytes, and returns the same buffer when there is none', () => {
    const clean = new TextEncoder().encode('nothing to see')
    expect(r.bytes(clean)).toBe(clean)
    const dirty = new TextEncoder().encode('x s3cr/et-token y s3cr/et-token')
    expect(new TextDecoder().decode(r.bytes(dirty))).toBe(`x ${REDACTED} y ${REDACTED}`)
  })

  it('does nothing without secrets', () => {
    expect(createRedactor([]).text('anything')).toBe('anything')
    expect(createRedactor(['']).text('anything')).toBe('anything')
  })
})
