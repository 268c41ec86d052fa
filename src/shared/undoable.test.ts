import { describe, expect, it } from 'vitest'
import { API_ENDPOINTS } from './endpoints'
import { isUndoableWrite, UNDOABLE_WRITES } from './undoable'

describe('the undoable writes', () => {
  it('are endpoints of the shared table', () => {
    for (const w of UNDOABLE_WRITES) expect(API_ENDPOINTS.some((r) => r.method === w.method && r.path === w.path), `${w.method} ${w.path}`).toBe(true)
  })

  it('match a request path (with its query), and nothing else', () => {
    const Z = 'a'.repeat(32)
    expect(isUndoableWrite('PATCH', `/zones/${Z}/dns_records/${'b'.repeat(32)}`)).toBe(true)
    expect(isUndoableWrite('POST', `/zones/${Z}/dns_records/batch?x=1`)).toBe(true)
    expect(isUndoableWrite('PUT', `/zones/${Z}/rulesets/r1`)).toBe(true)
    expect(isUndoableWrite('GET', `/zones/${Z}/dns_records`)).toBe(false)
    expect(isUndoableWrite('POST', `/zones/${Z}/firewall/rules`)).toBe(false)
    expect(isUndoableWrite('PUT', `/zones/${Z}/rulesets/phases/http_log_custom_fields/entrypoint`)).toBe(false)
    expect(isUndoableWrite('POST', `/zones/${Z}/dns_records/${'b'.repeat(32)}/extra`)).toBe(false)
  })
})
