import { chromium, type Browser, type Page } from '@playwright/test'
import { existsSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureBuilt } from '../../server/build.mjs'
import { createEmulator } from '../../server/emulator'
import { benchConfig, startBenchServer } from './servers'

export const CHROMIUM = '/usr/bin/chromium'
const ROOT = resolve(import.meta.dirname, '..', '..', '..')

export const hasChromium = () => existsSync(CHROMIUM)

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })

/**
 * Runs in the page before any of its scripts: records every long task (> 50 ms, the browser's own
 * definition) and, once `selector` matches, the next animation frame (the rows painted).
 * A string, not a function: tsx would rewrite a function with helpers the page does not have.
 */
export const instrument = (selector: string) => `
  window.__zk = { longTasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__zk.longTasks.push(e.duration) })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (window.__zk.firstRows === undefined && document.querySelector(${JSON.stringify(selector)})) {
      window.__zk.firstRows = -1;
      requestAnimationFrame((t) => { window.__zk.firstRows = t });
    }
  }).observe(document, { childList: true, subtree: true });
`

export interface Probe {
  firstRows?: number
  longTasks: number[]
}
export const probe = (page: Page) => page.evaluate(() => (window as unknown as { __zk: Probe }).__zk)
export const clearLongTasks = (page: Page) =>
  page.evaluate(() => void ((window as unknown as { __zk: Probe }).__zk.longTasks = []))

/** The sandbox on its own throw-away data dir and a free port, serving the built app (built first when stale). */
export async function sandboxForBrowser() {
  ensureBuilt(ROOT, { targets: ['spa'] })
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-browser-'))
  const emulator = createEmulator({ file: join(dataDir, 'sandbox.sqlite') })
  const server = await startBenchServer({ config: benchConfig({ dataDir }), emulator, staticDir: join(ROOT, 'dist') })
  return {
    url: server.url,
    close: async () => {
      await server.close()
      emulator.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
