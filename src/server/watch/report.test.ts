import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { SEED_ZONES } from '../emulator/seed-ids'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { createStore, type ReviewRow, type WatchDelivery, type WatchFinding, type WatchRun } from '../store'
import { PLACES, summarise, tenthsOf } from './inventory'
import { buildReport, reportCsv, reportHtml, type ReportData } from './report'

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
  channel_target: `https://user:pw@hooks.test/in/${EVIL}?sig=S3CRET-SIGNATURE`,
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
      pages: [`https://shop.test/pay?${EVIL}`],
      review,
      state: 'changed',
      place: 'unauthorised',
    },
    {
      script_id: 's2',
      url: 'https://cdn.test/b.js',
      status: 'active',
      hash: null,
      js_integrity_score: null,
      pages: ['https://shop.test/a', 'https://shop.test/b', 'https://shop.test/c', 'https://shop.test/d', 'https://shop.test/e'],
      review: undefined,
      state: 'new',
      place: 'new',
    },
  ],
  source: { kind: 'index', at: T - 3600_000, lastCheckAt: T - 7200_000 },
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

const isoOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z')

describe("the script watch report's page", () => {
  const page = String(reportHtml(data))

  it('puts every untrusted value in as text: no markup of its own reaches the page', () => {
    expect(page).not.toContain('<img')
    expect(page).not.toContain('onerror="')
    for (const part of [
      `zone ${ESCAPED}`,
      `https://cdn.test/${ESCAPED}`,
      `https://shop.test/pay?${ESCAPED}`,
      `note ${ESCAPED}`,
      `rev ${ESCAPED}`,
      `title ${ESCAPED}`,
      `changed ${ESCAPED}`,
      `error ${ESCAPED}`,
      `instance ${ESCAPED}`,
      `run error ${ESCAPED}`,
    ]) {
      expect(page, part).toContain(part)
    }
    expect(page).toContain(`<title>Script watch report: zone ${ESCAPED}</title>`)
  })

  it('names a webhook channel without its secrets: the report is read and passed on by viewers too', () => {
    expect(page).toContain('webhook https://hooks.test/in/')
    expect(page).toContain('(parts hidden)')
    for (const secret of ['S3CRET-SIGNATURE', 'user:pw', 'pw@']) expect(page).not.toContain(secret)
    expect(reportCsv(data)).not.toContain('S3CRET-SIGNATURE')
  })

  it('keeps a script URL and a page URL holding <script> as text', () => {
    const evil = '<script>alert(1)</script>'
    const row = { ...data.inventory[1], url: `https://cdn.test/${evil}.js`, pages: [`https://shop.test/${evil}`] }
    const out = String(reportHtml({ ...data, inventory: [row] }))
    expect(out).not.toContain('<script')
    expect(out).toContain('https://cdn.test/&lt;script&gt;alert(1)&lt;/script&gt;.js')
    expect(out).toContain('https://shop.test/&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('reads on a phone and prints at A4: viewport, header cells with their scope, repeated header rows, whole rows, no dark backgrounds', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(page).toContain('<th scope="col">Verdict state</th>')
    expect(page).toContain('<th scope="row">Never reviewed</th>')
    expect(page).not.toMatch(/<th>/) // every header cell says what it heads
    expect(page).toContain('@page{size:A4')
    expect(page).toContain('thead{display:table-header-group}')
    expect(page).toContain('tr,li{break-inside:avoid}')
    expect(page).toContain('th,td,tr.warn td{background:#fff!important')
    // Wide tables scroll inside a labelled region of their own, never the page sideways.
    expect(page).toContain('.region{max-width:100%;overflow-x:auto}')
    expect(page).toMatch(/<div class="region" role="region" aria-label="Never reviewed: scripts" tabindex="0"/)
  })

  it('states what the inventory is and as of when, and writes every time one way: readable UTC with the ISO value in <time>', () => {
    const at = T - 3600_000
    expect(page).toContain(
      `<li id="scope-inventory">Inventory as of <time datetime="${isoOf(at)}">1 Nov 2026, 11:00 UTC</time>: the 2 scripts the Page security screens list`,
    )
    expect(page).not.toContain('is newer')
    const newer = String(reportHtml({ ...data, source: { kind: 'index', at, lastCheckAt: T } }))
    expect(newer).toContain(
      'The last watch check, at <time datetime="2026-11-01T12:00:00Z">1 Nov 2026, 12:00 UTC</time>, is newer',
    )
    // The ledger's ISO time is shown the same way, not raw.
    expect(page).toContain('<time datetime="2026-11-02T00:00:00Z">2 Nov 2026, 00:00 UTC</time>')
    expect(page).not.toContain('2026-11-02T00:00:00Z<')
    expect(page).toMatch(
      /<li class="gap">No check from <time datetime="2026-10-02T12:00:00Z">2 Oct 2026, 12:00 UTC<\/time> to <time datetime="2026-11-01T12:00:00Z">1 Nov 2026, 12:00 UTC<\/time>: longer than seven days\.<\/li>/,
    )
    for (const [source, words] of [
      [{ kind: 'check', at }, 'the last completed watch check saw at that time'],
      [{ kind: 'read', at }, 'read from the API for this report at that time'],
    ] as const) {
      const out = String(reportHtml({ ...data, source }))
      expect(out).toContain(`Inventory as of <time datetime="${isoOf(at)}">1 Nov 2026, 11:00 UTC</time>`)
      expect(out).toContain(words)
    }
    // The CSV says the same, in ISO 8601.
    expect(reportCsv(data)).toContain(`scope,${isoOf(at)},,,,,,"Inventory as of ${isoOf(at)}: the 2 scripts`)
  })

  it('opens with the summary, flags rows, shows the first pages and a count of the rest, and zero as a figure', () => {
    expect(page.indexOf('id="summary"')).toBeLessThan(page.indexOf('id="inventory"'))
    expect(page).toContain('tr.warn td{background:#fdecec}')
    expect(page).toMatch(/<tr class="warn"><td>https:\/\/cdn\.test\/&lt;img/)
    expect(page).toContain(
      '<tr><td>https://cdn.test/b.js</td><td>https://shop.test/a<br>https://shop.test/b<br>https://shop.test/c<br><span class="more">and 2 more pages</span></td><td>active</td><td>none</td><td>Never reviewed</td>',
    )
    expect(page).toContain('<td>0</td>') // the integrity score 0 and zero counts are shown, not dropped
    expect(page).toContain('<h2 id="checks">Checks that ran (1)</h2>')
    expect(page).toContain('This page lists every figure and every row')
  })

  it('says exactly what a shortened page leaves out, and links the CSV that has every row', () => {
    const out = String(reportHtml(data, { limits: { inventory: 1, changes: 1, runs: 1 } }))
    expect(out).toContain(
      '<li id="scope-page" class="partial">This page lists every figure; in detail, 1 of 2 scripts (those needing attention first), every change and every check: <a href="report.csv?from=2026-10-02T12%3A00%3A00Z&amp;to=2026-11-01T12%3A00%3A00Z">the CSV</a> has every row.</li>',
    )
    expect(out).toContain('<h3 id="place-new">Never reviewed: 1 script</h3>\n<p class="partial">This page lists none of these;')
    expect(out).not.toContain('https://cdn.test/b.js')
    const fewer = String(reportHtml(data, { limits: { inventory: 5, changes: 0, runs: 0 } }))
    expect(fewer).toContain('in detail, every script, the latest 0 of 1 change and the latest 0 of 1 check: <a href=')
    expect(reportCsv(data)).toContain('https://cdn.test/b.js')
  })

  it('gives shares that add up to exactly 100.0 %', () => {
    expect(tenthsOf([1, 1, 1])).toEqual([334, 333, 333])
    expect(tenthsOf([0, 0])).toEqual([0, 0])
    for (const counts of [
      [1, 2, 3, 4, 5],
      [13_801, 1, 1, 0, 7],
      [2, 2, 2, 2, 2, 2, 1],
    ]) {
      expect(tenthsOf(counts).reduce((a, b) => a + b, 0)).toBe(1000)
    }
  })
})

/**
 * The same seed read by the report and by the Page security screens' own route (the script index):
 * the summary's figures add up to the inventory and are the screens' figures, whichever source the
 * inventory came from (a read now, then the index); a check's inventory says so and when.
 */
describe('the report against the Page security screens, on the seeded sandbox', () => {
  const ZONE = SEED_ZONES.demo.id
  const dir = mkdtempSync(join(tmpdir(), 'zk-watch-report-'))
  const emulator = memoryEmulator({ scaleZones: false })
  const store = createStore({ dataDir: dir })
  const app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0 } })
  const zone = { id: ZONE, name: 'example.com' }
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
      body: JSON.stringify(body),
    })
  const index = async (status: string, refresh = '') => {
    const r = await app.request(`/api/local/zones/${ZONE}/page-shield/script-index?status=${status}&per_page=100${refresh}`)
    expect(r.status).toBe(200)
    return (
      (await r.json()) as {
        result: {
          counts: { total: number; new: number; changed: number; reviewed: number; investigating: number; malicious: number; by_pattern: number }
          items: { id: string; hash: string | null; status: string }[]
        }
      }
    ).result
  }
  const reportPage = async () => {
    const r = await app.request(`/api/local/zones/${ZONE}/watch/report`)
    expect(r.status).toBe(200)
    return r.text()
  }
  /** A figure of one summary table of the served page (`summary-active` or `summary-all`), by its row's header. */
  const figure = (page: string, table: string, label: string) => {
    const part = page.slice(page.indexOf(`<table class="summary" id="${table}">`))
    const m = new RegExp(`<th scope="row">${label.replace(/[()]/g, '\\$&')}</th><td class="n">([^<]*)</td>`).exec(
      part.slice(0, part.indexOf('</table>')),
    )
    return Number(m![1].replace(/,/g, ''))
  }

  afterAll(async () => {
    await watchOf(app).stop()
    await store.close()
    emulator.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reads the inventory now when nothing else exists, then the screens’ own index: the figures add up and are the screens’', async () => {
    const first = await buildReport(store, zone, Date.now() - 86_400_000, Date.now(), {
      mode: 'sandbox',
      send: async (req) => app.request(`/api/v4${req.pathAndQuery}`),
    })
    expect(first.source.kind).toBe('read')
    expect(first.inventory.length).toBeGreaterThan(3)

    // Three verdicts, then the vendor changes the expected script's code (the sandbox takes the zone's baseline check first).
    const active = (await index('active')).items.filter((s) => s.hash)
    const [expected, investigate, rejected, kept] = active
    for (const [s, verdict] of [
      [expected, 'expected'],
      [investigate, 'investigate'],
      [rejected, 'malicious'],
      [kept, 'expected'],
    ] as const) {
      expect(
        (
          await post(`/api/local/zones/${ZONE}/page-shield/reviews`, {
            script_id: s.id,
            verdict,
            note: `${verdict} for the test`,
          })
        ).status,
      ).toBe(201)
    }
    expect(
      (await post('/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'hash-change', script_id: expected.id })).status,
    ).toBe(200)

    // The index exists now (read above): the report reads it, and its figures are the screens'.
    // (read again: the index is otherwise taken as fresh for 15 s)
    const [activeCounts, allCounts] = [await index('active', '&refresh=quick'), await index('active,infrequent,inactive')]
    const data = await buildReport(store, zone, Date.now() - 86_400_000, Date.now(), { mode: 'sandbox' })
    expect(data.source.kind).toBe('index')
    expect(allCounts.counts.changed).toBeGreaterThanOrEqual(1)
    for (const [rows, counts] of [
      [data.inventory.filter((s) => s.status === 'active'), activeCounts.counts],
      [data.inventory, allCounts.counts],
    ] as const) {
      const s = summarise(rows)
      expect(s.total).toBe(counts.total)
      expect(s.screens).toEqual({
        new: counts.new,
        changed: counts.changed,
        reviewed: counts.reviewed,
        investigating: counts.investigating,
        malicious: counts.malicious,
        by_pattern: counts.by_pattern,
      })
      expect(s.places.reduce((n, p) => n + p.count, 0)).toBe(s.total)
      expect(s.places.reduce((n, p) => n + p.tenths, 0)).toBe(1000)
      // The places follow the review states the screens count: never reviewed and changed are theirs, less the unauthorised.
      const place = (p: string) => s.places.find((x) => x.place === p)!.count
      expect(place('new') + place('changed') + place('investigate') + place('authorised') + place('unauthorised')).toBe(
        counts.total,
      )
      for (const p of PLACES) expect(place(p), p).toBeGreaterThan(0)
    }
    // The read-now inventory had the screens' scope too: as many scripts as the index holds.
    expect(first.inventory.length).toBe(allCounts.counts.total)

    // The served page shows the same figures, each column adding up to its total.
    const page = await reportPage()
    for (const [table, counts] of [
      ['summary-active', activeCounts.counts],
      ['summary-all', allCounts.counts],
    ] as const) {
      expect(figure(page, table, 'Total')).toBe(counts.total)
      const labels = [
        'Unauthorised (malicious or rejected)',
        'Changed since review',
        'Never reviewed',
        'Under investigation',
        'Authorised (expected, reviewed as it is now)',
      ]
      expect(labels.map((l) => figure(page, table, l)).reduce((a, b) => a + b, 0)).toBe(counts.total)
    }
    expect(page).toContain(
      `<li>Active: ${activeCounts.counts.new + activeCounts.counts.changed + activeCounts.counts.investigating} to review (${activeCounts.counts.new} never reviewed, ${activeCounts.counts.changed} changed since review, ${activeCounts.counts.investigating} marked Investigate), ${activeCounts.counts.reviewed} reviewed and done`,
    )
    const refreshed = (await store.scriptIndex.state(`sandbox:${ZONE}`))!.refreshed_at
    expect(page).toContain(`Inventory as of <time datetime="${isoOf(refreshed)}">`)
  })

  it('says when the inventory is the last watch check', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'zk-watch-report-check-'))
    const store2 = createStore({ dataDir: dir2 })
    const app2 = createApp({ config: testConfig(), emulator, store: store2, watch: { startDelayMs: 0 } })
    try {
      await watchOf(app2).ensureBaseline(ZONE, 'example.com')
      const run = (await store2.watch.recentRuns(ZONE, 1))[0]
      const data = await buildReport(store2, zone, Date.now() - 86_400_000, Date.now(), { mode: 'sandbox' })
      expect(data.source).toEqual({ kind: 'check', at: run.finished_at })
      expect(String(reportHtml(data))).toContain(`Inventory as of <time datetime="${isoOf(run.finished_at!)}">`)
      expect(String(reportHtml(data))).toContain('the last completed watch check saw at that time')
    } finally {
      await watchOf(app2).stop()
      await store2.close()
      rmSync(dir2, { recursive: true, force: true })
    }
  })
})
