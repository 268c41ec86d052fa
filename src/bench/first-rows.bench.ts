// Navigation → first rows painted, in headless Chromium with an empty cache each time, for three
// lists served by the same sandbox in the same run: the 5-zone Zones page (the baseline), the DNS
// records of bigcorp-records.com (10,000) and the detected scripts of shop-scale.io (20,000). The
// goal is a ratio to the baseline, so a busy machine slows all three alike. Where the time goes is
// read from the page's Resource Timing: when the list's API request started and ended, and when the
// last script (the route's code) arrived.
import type { Browser } from '@playwright/test'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { hasChromium, instrument, launch, probe, sandboxForBrowser, CHROMIUM } from './support/browser'
import { percentile, round } from './support/stats'
import { traceMainThread, type TraceBreakdown } from './support/trace'
import type { Row } from './types'

export const name = 'first-rows'

const ROUNDS = 7
const RATIO_GOAL = 1.3

interface Target {
  label: string
  path: string
  /** The first data row, painted. */
  row: string
  /** The list's API request. */
  api: RegExp
}

const TARGETS: Target[] = [
  { label: 'Zones page (5 zones)', path: '/zones', row: 'table[aria-label="Zones"] tbody tr td a', api: /\/api\/v4\/zones\?/ },
  {
    label: 'DNS, 10,000-record zone',
    path: `/zones/${SEED_ZONES.large.id}/dns`,
    row: 'table[aria-label^="DNS records of"] tbody tr td input[type="checkbox"]',
    api: /\/dns_records\?/,
  },
  {
    label: 'page security scripts, 20,000-script zone',
    path: `/zones/${SEED_ZONES.scripts.id}/page-shield/scripts`,
    row: 'table[aria-label="Detected scripts"] tbody tr td a',
    api: /\/page_shield\/scripts\?/,
  },
]

interface Load {
  firstRows: number
  apiStart: number
  apiEnd: number
  lastScript: number
  scripts: number
}

async function loadOnce(browser: Browser, base: string, t: Target, traced?: (b: TraceBreakdown) => void): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(instrument(t.row))
    const go = async () => {
      await page.goto(base + t.path, { waitUntil: 'commit' })
      await page.waitForFunction(() => ((window as unknown as { __zk?: { firstRows?: number } }).__zk?.firstRows ?? -1) > 0, undefined, {
        timeout: 30_000,
      })
    }
    if (traced) traced(await traceMainThread(browser, page, go))
    else await go()
    const firstRows = (await probe(page)).firstRows ?? NaN
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    )
    const api = resources.find((r) => t.api.test(r.name))
    const scripts = resources.filter((r) => r.name.endsWith('.js') && r.start < firstRows)
    return {
      firstRows,
      apiStart: api?.start ?? NaN,
      apiEnd: api?.end ?? NaN,
      lastScript: Math.max(0, ...scripts.map((s) => s.end)),
      scripts: scripts.length,
    }
  } finally {
    await context.close()
  }
}

export async function run(): Promise<Row[]> {
  if (!hasChromium()) return [{ metric: 'navigation → first rows', value: null, unit: 'ms', note: `${CHROMIUM} is not installed` }]
  const sandbox = await sandboxForBrowser()
  const browser = await launch()
  try {
    for (const t of TARGETS) await loadOnce(browser, sandbox.url, t) // warm the server (SQLite pages)
    const loads = TARGETS.map(() => [] as Load[])
    // Interleaved, so that a busy moment of the machine falls on every page alike.
    for (let i = 0; i < ROUNDS; i++) for (const [k, t] of TARGETS.entries()) loads[k].push(await loadOnce(browser, sandbox.url, t))
    // One traced load each (not counted above): main-thread time by kind up to the first rows.
    const traces: TraceBreakdown[] = []
    for (const t of TARGETS) await loadOnce(browser, sandbox.url, t, (b) => traces.push(b))
    const med = (k: number, f: (l: Load) => number) => percentile(loads[k].map(f), 50)
    const base = med(0, (l) => l.firstRows)
    const rows: Row[] = []
    for (const [k, t] of TARGETS.entries()) {
      const first = med(k, (l) => l.firstRows)
      rows.push({
        metric: `navigation → first rows, ${t.label} (median)`,
        value: round(first, 0),
        unit: 'ms',
        note:
          `${ROUNDS} loads, empty cache; API request ${round(med(k, (l) => l.apiStart), 0)}→${round(med(k, (l) => l.apiEnd), 0)} ms, ` +
          `last of ${med(k, (l) => l.scripts)} scripts in at ${round(med(k, (l) => l.lastScript), 0)} ms`,
      })
      const tr = traces[k]
      rows.push({
        metric: `  main thread until first rows (one traced load), ${t.label}`,
        value: round(tr.script, 0),
        unit: 'ms script',
        note: `style+layout ${round(tr.styleLayout, 0)} ms, paint ${round(tr.paint, 0)} ms, HTML/CSS parse ${round(tr.parse, 0)} ms (Chromium trace)`,
      })
      if (k > 0)
        rows.push({
          metric: `  ratio to the Zones page, ${t.label}`,
          value: round(first / base),
          unit: 'x',
          goal: { op: '<=', value: RATIO_GOAL },
          note: 'same run, interleaved loads',
        })
    }
    return rows
  } finally {
    await browser.close()
    await sandbox.close()
  }
}
