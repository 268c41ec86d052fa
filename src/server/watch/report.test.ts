import { describe, expect, it } from 'vitest'
import type { ReviewRow, WatchDelivery, WatchFinding, WatchRun } from '../store'
import { reportHtml, type ReportData } from './report'

/**
 * The compliance report's page is built with Hono's `html` (as the sign-in pages are): what scripts,
 * reviewers and channels put in it (a script's URL, a note, a finding's title, an error) is text,
 * never markup, in every part of the page.
 */
const EVIL = `<img src=x onerror="alert(1)">'&`
const ESCAPED = '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;'
const DAY = 24 * 3600_000
const T = Date.parse('2026-11-01T12:00:00Z')

const review: ReviewRow = {
  id: 1,
  zone_id: 'z',
  script_id: 's1',
  verdict: 'expected',
  note: `note ${EVIL}`,
  reviewer: `rev ${EVIL}`,
  reviewer_id: null,
  reviewed_at: '2026-11-02T00:00:00Z',
  script_url: 'https://cdn.test/a.js',
  script_host: 'cdn.test',
  script_hash: 'h1',
  js_integrity_score: 90,
  malware_score: 1,
  magecart_score: 1,
  cryptomining_score: 1,
}
const finding: WatchFinding = {
  id: 7,
  zone_id: 'z',
  run_id: 1,
  dedupe_key: 'k',
  item_kind: 'script',
  item_id: 's1',
  kinds: '["changed"]',
  title: `title ${EVIL}`,
  detail: '{}',
  created_at: T,
}
const delivery: WatchDelivery = {
  id: 1,
  finding_id: 7,
  channel_id: 'c',
  channel_kind: 'webhook',
  channel_target: `https://hooks.test/${EVIL}`,
  status: 'failed',
  attempts: 3,
  next_attempt_at: T,
  last_error: `error ${EVIL}`,
  sent_at: null,
  created_at: T,
}
const run: WatchRun = {
  id: 1,
  zone_id: 'z',
  zone_name: 'example.com',
  started_at: T,
  finished_at: T,
  holder: `instance ${EVIL}`,
  outcome: 'failed',
  scripts_seen: 0,
  connections_seen: 0,
  findings: 0,
  error: `run error ${EVIL}`,
}

const data: ReportData = {
  zone: { id: 'z', name: `zone ${EVIL}` },
  from: T - 30 * DAY,
  to: T,
  generatedAt: T,
  inventory: [
    {
      script_id: 's1',
      url: `https://cdn.test/${EVIL}`,
      status: 'active',
      hash: 'h2',
      js_integrity_score: 0,
      review,
      counts: false,
    },
    {
      script_id: 's2',
      url: 'https://cdn.test/b.js',
      status: 'active',
      hash: null,
      js_integrity_score: null,
      review: undefined,
      counts: false,
    },
  ],
  changes: [
    {
      finding,
      detail: {
        zone_name: 'example.com',
        url: 'https://cdn.test/a.js',
        host: 'cdn.test',
        pages: [],
        scores: null,
        hash: 'h2',
        previous_hash: 'h1',
        verdict: null,
        verdict_counts: false,
        changes: [`changed ${EVIL}`],
        link: '/x',
      },
      deliveries: [delivery],
      reviewedAfter: review,
    },
  ],
  runs: [run],
  gaps: [{ from: T - 30 * DAY, to: T }],
}

describe("the script watch report's page", () => {
  const page = String(reportHtml(data))

  it('puts every untrusted value in as text: no markup of its own reaches the page', () => {
    expect(page).not.toContain('<img')
    expect(page).not.toContain('onerror="')
    for (const part of [
      `zone ${ESCAPED}`,
      `https://cdn.test/${ESCAPED}`,
      `note ${ESCAPED}`,
      `rev ${ESCAPED}`,
      `title ${ESCAPED}`,
      `changed ${ESCAPED}`,
      `https://hooks.test/${ESCAPED}`,
      `error ${ESCAPED}`,
      `instance ${ESCAPED}`,
      `run error ${ESCAPED}`,
    ]) {
      expect(page, part).toContain(part)
    }
    expect(page).toContain(`<title>Script watch report: zone ${ESCAPED}</title>`)
  })

  it("keeps the page's own markup: its style, rows flagged, gaps listed, zero as a figure", () => {
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toContain('tr.warn td{background:#fdecec}')
    expect(page).toMatch(/<tr class="warn"><td>https:\/\/cdn\.test\/&lt;img/)
    expect(page).toContain('<tr><td>https://cdn.test/b.js</td><td>active</td><td>none</td><td>Never reviewed</td>')
    expect(page).toContain('<td>0</td>') // the integrity score 0 and zero counts are shown, not dropped
    expect(page).toMatch(
      /<li class="gap">No check from 2026-10-02 12:00:00 UTC to 2026-11-01 12:00:00 UTC: longer than seven days\.<\/li>/,
    )
    expect(page).toContain('<h2>Checks that ran (1)</h2>')
    expect(page).toContain('<th scope="col">Verdict state</th>')
  })
})
