import { describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '@/lib/api-client'
import { applyApiErrors } from './apply-api-errors'

const err = new ApiRequestError(400, [
  { code: 9005, message: 'Content for A record must be a valid IPv4 address.', source: { pointer: '/content' } },
  { code: 1004, message: 'Port out of range.', source: { pointer: '/data/port' } },
  { code: 1004, message: 'Unknown.', source: { pointer: '/settings/foo' } },
  { code: 81058, message: 'An identical record already exists.' },
])

describe('applyApiErrors', () => {
  it('puts pointer errors on fields, focuses the first, and returns the rest', () => {
    const setError = vi.fn()
    const rest = applyApiErrors({ setError }, err, { fields: ['content', 'data.port', 'name'] })
    expect(setError).toHaveBeenCalledWith('content', { type: 'server', message: expect.stringContaining('IPv4') }, { shouldFocus: true })
    expect(setError).toHaveBeenCalledWith('data.port', { type: 'server', message: 'Port out of range. (code 1004)' }, { shouldFocus: false })
    expect(setError).toHaveBeenCalledTimes(2)
    expect(rest.map((e) => e.message)).toEqual(['An identical record already exists.', 'settings.foo: Unknown. (code 1004)'])
  })

  it('renames API paths to form paths', () => {
    const setError = vi.fn()
    applyApiErrors({ setError }, err, { mapPath: (p) => (p === 'data.port' ? 'srv.port' : p) })
    expect(setError.mock.calls.map((c) => c[0])).toEqual(['content', 'srv.port', 'settings.foo'])
  })

  it('only calls setError, so typed values stay as they are', () => {
    const form = { setError: vi.fn(), setValue: vi.fn(), reset: vi.fn() }
    applyApiErrors(form, err)
    expect(form.setValue).not.toHaveBeenCalled()
    expect(form.reset).not.toHaveBeenCalled()
  })
})
