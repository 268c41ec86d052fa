import { describe, expect, it } from 'vitest'
import { watchRunWords } from './watch-run-words'

describe('watchRunWords', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(watchRunWords({ scripts_seen: 1, connections_seen: 1, findings: 1 })).toBe('1 script, 1 connection seen; 1 change')
    expect(watchRunWords({ scripts_seen: 0, connections_seen: 2, findings: 0 })).toBe('0 scripts, 2 connections seen; 0 changes')
  })
})
