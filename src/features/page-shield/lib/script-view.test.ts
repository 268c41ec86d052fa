import { describe, expect, it } from 'vitest'
import { needsClientFilter } from './script-view'

describe('scripts view: which views the script index answers', () => {
  it('malicious only and every review filter go to the index; plain views to the API', () => {
    expect(needsClientFilter({})).toBe(false)
    expect(needsClientFilter({ malicious_only: false })).toBe(false)
    expect(needsClientFilter({ malicious_only: true })).toBe(true)
    for (const review of ['needs', 'new', 'changed'] as const) expect(needsClientFilter({ review })).toBe(true)
  })
})
