// Time from navigation to the first rows of the DNS table on the large zone (bigcorp-records.com,
// 10,000 records), in headless Chromium with an empty browser cache each time, against the
// dashboard's own server (sandbox, throw-away DATA_DIR, free port, built SPA). Also the longest
// main-thread task while paging, filtering, sorting and resizing the page (goal: none over 100 ms).
import { chromium, type Browser, type Page } from '@playwright/test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureBuilt } from '../server/build.mjs'
import { createEmulator } from '../server/emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { benchConfig, startBenchServer } from './support/servers'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'dns-first-rows'

const ROOT = resolve(import.meta.dirname, '..', '..')
const DIST = join(ROOT, 'dist')
const LOADS = 7
const CHROMIUM = '/usr/bin/chromium'
const ROW = 'table[aria-label^="DNS records of"] tbody tr td input[type="checkbox"]'

/**
 * Runs in the page before any of its scripts: notes when the first record row is painted, and every
 * long task. A string, not a function: tsx rewrites functions with helpers the page does not have.
 */
const INSTRUMENT = `
  window.__zk = { longTasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__zk.longTasks.push(e.duration) })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (window.__zk.firstRows === undefined && document.querySelector(${JSON.stringify(ROW)})) {
      window.__zk.firstRows = -1;
      requestAnimationFrame((t) => { window.__zk.firstRows = t });
    }
  }).observe(document, { childList: true, subtree: true });
`

type Probe = { firstRows?: number; longTasks: number[] }
const probe = (page: Page) => page.evaluate(() => (window as unknown as { __zk: Probe }).__zk)

async function firstRowsOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(INSTRUMENT)
    await page.goto(url, { waitUntil: 'commit' })
    await page.waitForFunction(() => ((window as unknown as { __zk?: Probe }).__zk?.firstRows ?? -1) > 0, undefined, { timeout: 30_000 })
    return (await probe(page)).firstRows ?? NaN
  } finally {
    await context.close()
  }
}

/** Pages, filters, sorts and resizes the table like a person would; returns every long task (ms). */
async function interact(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(INSTRUMENT)
    await page.goto(url)
    const summary = page.getByText(/^Showing [\d,]+–[\d,]+ of [\d,]+ records$/)
    await summary.waitFor()
    await page.evaluate(() => ((window as unknown as { __zk: Probe }).__zk.longTasks = []))
    const settle = async (text: RegExp) => {
      await page.getByText(text).waitFor()
      await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'))
    }
    for (let i = 2; i <= 4; i++) {
      await page.getByRole('button', { name: 'Next' }).click()
      await settle(new RegExp(`^Showing ${(i - 1) * 50 + 1}–`))
    }
    await page.getByRole('combobox', { name: 'Type' }).selectOption('A')
    await settle(/^Showing 1–50 of /)
    await page.getByLabel('Name contains').pressSequentially('app', { delay: 60 })
    await page.waitForURL(/name\.contains=app/)
    await settle(/^Showing 1–/)
    await page.getByRole('columnheader', { name: 'Content' }).getByRole('button').click()
    await page.waitForURL(/order=content/)
    await settle(/^Showing 1–/)
    await page.getByLabel('Rows per page').selectOption('100')
    await settle(/^Showing 1–100 of /)
    await page.getByRole('switch', { name: 'Explain every record in plain words' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    await settle(/^Showing 101–/)
    return (await probe(page)).longTasks
  } finally {
    await context.close()
  }
}

export async function run(): Promise<Row[]> {
  if (!existsSync(CHROMIUM)) {
    return [{ metric: 'first rows, large zone', value: null, unit: 'ms', note: `${CHROMIUM} is not installed` }]
  }
  ensureBuilt(ROOT, { targets: ['spa'] })
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-dns-rows-'))
  const emulator = createEmulator({ file: join(dataDir, 'sandbox.sqlite') })
  const server = await startBenchServer({ config: benchConfig({ dataDir }), emulator, staticDir: DIST })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const url = `${server.url}/zones/${SEED_ZONES.large.id}/dns`
    await firstRowsOnce(browser, url) // warm the server (SQLite pages, route code)
    const times: number[] = []
    for (let i = 0; i < LOADS; i++) times.push(await firstRowsOnce(browser, url))
    const longTasks = await interact(browser, url)
    const longest = longTasks.length ? Math.max(...longTasks) : 0
    return [
      {
        metric: 'navigation → first rows, large zone (median)',
        value: round(percentile(times, 50), 0),
        unit: 'ms',
        goal: { op: '<', value: 1000 },
        note: `${LOADS} loads, empty browser cache each; 50 rows of 10,000`,
      },
      { metric: 'navigation → first rows, large zone (slowest)', value: round(Math.max(...times), 0), unit: 'ms' },
      {
        metric: 'longest task while paging/filtering/sorting',
        value: round(longest, 0),
        unit: 'ms',
        goal: { op: '<', value: 100 },
        note: longTasks.length === 0 ? 'no task over 50 ms' : `${longTasks.length} task${longTasks.length === 1 ? '' : 's'} over 50 ms`,
      },
    ]
  } finally {
    await browser.close()
    await server.close()
    emulator.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
