import { describe, expect, it } from 'vitest'
import { diffZone } from './diff'
import type { ZoneReading } from './read-zone'

const zone = { id: 'a'.repeat(32), name: 'shop.test' }
const script = (id: string, over: Partial<ZoneReading['scripts'][number]> = {}) => ({
  id,
  url: `https://cdn.test/${id}.js`,
  host: 'cdn.test',
  first_page_url: 'https://shop.test/checkout',
  status: 'active',
  hash: `hash-${id}`,
  js_integrity_score: 80,
  malware_score: 90,
  magecart_score: 90,
  cryptomining_score: 90,
  ...over,
})
const reading = (over: Partial<ZoneReading> = {}): ZoneReading => ({
  monitoring: true,
  scripts: [script('s1'), script('s2')],
  connections: [{ id: 'c1', url: 'https://api.pay.test/x', host: 'api.pay.test', first_page_url: 'https://shop.test/checkout' }],
  policies: [{ id: 'p1', description: 'CSP', action: 'allow', expression: 'true', enabled: true, value: "script-src 'self'" }],
  ...over,
})

describe('diffZone', () => {
  const base = diffZone(zone, [], reading(), [], 1000, true)

  it('reports nothing on the baseline, and nothing when nothing moved', () => {
    expect(base.changes).toEqual([])
    expect(diffZone(zone, base.state, reading(), [], 2000, false).changes).toEqual([])
  })

  it('reports a new connection host, and policies added, changed and deleted', () => {
    const next = reading({
      connections: [...reading().connections, { id: 'c2', url: 'https://evil.test/c', host: 'evil.test', first_page_url: 'https://shop.test/' }],
      policies: [
        { id: 'p1', description: 'CSP', action: 'allow', expression: 'true', enabled: true, value: "script-src 'self' https://evil.test" },
        { id: 'p2', description: 'Log all', action: 'log', expression: 'true', enabled: true, value: "script-src 'none'" },
      ],
    })
    const { changes, state } = diffZone(zone, base.state, next, [], 2000, false)
    expect(changes.map((c) => [c.item_kind, c.item_id, c.kinds])).toEqual([
      ['connection', 'c2', ['connection']],
      ['policy', 'p1', ['policy']],
      ['policy', 'p2', ['policy']],
    ])
    expect(changes[1].detail.changes[0]).toContain("now: script-src 'self' https://evil.test")
    const gone = diffZone(zone, state, reading({ policies: [] }), [], 3000, false).changes
    expect(gone.map((c) => c.detail.changes[0])).toEqual([
      'The policy "CSP" (allow) was deleted: its header is no longer sent.',
      'The policy "Log all" (log) was deleted: its header is no longer sent.',
    ])
  })

  it('reports a script that disappeared, and the same state again gives the same key (never alerted twice)', () => {
    const a = diffZone(zone, base.state, reading({ scripts: [script('s1')] }), [], 2000, false)
    const b = diffZone(zone, base.state, reading({ scripts: [script('s1')] }), [], 2500, false)
    expect(a.changes.map((c) => c.kinds)).toEqual([['removed']])
    expect(a.changes[0].dedupe_key).toBe(b.changes[0].dedupe_key)
  })

  it('groups the changes of one script in one check into one finding, most urgent first', () => {
    const next = reading({ scripts: [script('s1', { hash: 'other', js_integrity_score: 3 }), script('s2')] })
    const { changes } = diffZone(zone, base.state, next, [], 2000, false)
    expect(changes).toHaveLength(1)
    expect(changes[0].kinds).toEqual(['changed', 'malicious'])
    expect(changes[0].title).toBe('Malicious script, Script code changed: https://cdn.test/s1.js')
    // Back and forth: a change back, then the same change again, is news each time.
    const back = diffZone(zone, diffZone(zone, base.state, next, [], 2000, false).state, reading(), [], 3000, false)
    expect(back.changes[0].kinds).toEqual(['changed'])
    const again = diffZone(zone, back.state, next, [], 4000, false)
    expect(again.changes[0].dedupe_key).not.toBe(changes[0].dedupe_key)
  })
})
