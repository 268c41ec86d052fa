import { describe, expect, it } from 'vitest'
import type { WatchFinding } from '../store'
import { alertMessage, testMessage } from './message'

/** Anything like 2026-11-29T06:30: a raw ISO time has no place in a message people read. */
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const AT = Date.UTC(2026, 10, 29, 6, 30)

const finding: WatchFinding = {
  id: 7,
  zone_id: 'a'.repeat(32),
  run_id: 1,
  dedupe_key: 'k',
  item_kind: 'script',
  item_id: 'b'.repeat(32),
  kinds: JSON.stringify(['changed']),
  title: 'Script changed: https://cdn.shop.test/app.js',
  detail: JSON.stringify({
    zone_name: 'shop.test',
    url: 'https://cdn.shop.test/app.js',
    host: 'cdn.shop.test',
    pages: ['https://shop.test/checkout'],
    scores: null,
    hash: 'h2',
    previous_hash: 'h1',
    verdict: { verdict: 'expected', note: 'Our bundle', reviewer: 'Ada (ada)', reviewed_at: '2026-11-20T09:05:00.000Z' },
    verdict_counts: false,
    changes: ['Its code changed.'],
    link: '/zones/x/page-shield/scripts/y',
  }),
  created_at: AT,
}

describe('the script watch message', () => {
  it('says every time in the text as mail does, and keeps ISO in the JSON for programs', () => {
    const m = alertMessage(finding, 'https://dash.test')
    expect(m.text).not.toMatch(ISO)
    expect(m.text).toContain('by Ada (ada) on 20 Nov 2026, 09:05 UTC ("Our bundle")')
    expect(m.text).toContain('Detected by the check of 29 Nov 2026, 06:30 UTC (alert 7).')
    expect((m.json.alert as { detected_at: string }).detected_at).toBe('2026-11-29T06:30:00.000Z')
  })
  it('says the time of a test the same way', () => {
    const m = testMessage({ id: 'a'.repeat(32), name: 'shop.test' }, 'https://dash.test', 'Ada (ada)', AT)
    expect(m.text).not.toMatch(ISO)
    expect(m.text).toContain('Ada (ada) sent this test at 29 Nov 2026, 06:30 UTC')
  })
})
