import { describe, expect, it } from 'vitest'
import { ttlWords } from './ttl-words'

describe('ttlWords', () => {
  it('says Auto for 1 and durations in words', () => {
    expect([1, 30, 60, 300, 3600, 7200, 86_400, 90].map(ttlWords)).toEqual(['Auto', '30 seconds', '1 minute', '5 minutes', '1 hour', '2 hours', '1 day', '90 seconds'])
  })
  it('leaves anything else to the diff', () => {
    expect([null, '300', 0, 1.5].map(ttlWords)).toEqual([null, null, null, null])
  })
})
