import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_PRELOADS, SPA_ROUTES } from '../shared/spa-routes'
import { BUDGET_KB, firstLoads } from './support/first-load'
import { entryKey, readManifest, staticClosure } from '../build/route-chunks'

// The bundle budget, enforced by npm test: no route's first load (entry + its lazy chunks) may
// download more than 160 KB of gzipped JavaScript. A build of its own, in a temp folder.
const ROOT = resolve(import.meta.dirname, '..', '..')
const outDir = mkdtempSync(`${tmpdir()}/zk-budget-`)

beforeAll(() => {
  const res = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      // Vitest sets NODE_ENV=test, which would make Vite build React's development version.
      env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1' },
    },
  )
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stderr}`)
})
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the bundle budget', () => {
  it(`keeps every route's first load within ${BUDGET_KB} KB of gzipped JavaScript`, () => {
    const { routes } = firstLoads(ROOT, outDir)
    expect(routes.length).toBeGreaterThan(5) // the route files were read
    // Every page component is found (a loader's small API module may be merged into another chunk).
    for (const r of routes)
      expect(
        r.missing.filter((m) => m.includes('/components/')),
        `${r.fullPath}: pages missing from the manifest`,
      ).toEqual([])
    const over = routes.filter((r) => r.kb > BUDGET_KB).map((r) => `${r.fullPath} ${r.kb} KB (largest: ${r.largest.join(', ')})`)
    expect(over, 'routes over the budget').toEqual([])
  })
})

// Code the shell (the entry every page loads first) leaves to later: each is found by words only it
// has. Each loads when it is needed, or once the first page is painted.
const LOADED_LATER = {
  'the error view and its tables (src/components/ui/error-view.tsx, src/lib/error-text.ts)': 'identical record (same type',
  'the budget countdown (src/components/ui/budget-wait.tsx)': 'budget is nearly spent: try again in',
  "the zone switcher's combobox (src/components/ui/combobox.tsx)": 'data-combobox-popup',
  "a toast's card (src/components/ui/toast-card.tsx)": 'Dismiss notification',
  'the 404 page (src/app/layout/not-found-page.tsx)': 'There is nothing at this address',
  "the preparing notice's words (src/app/layout/preparing-banner.tsx)": 'is writing its demo data',
  'the undoable writes (src/shared/undoable.ts)': 'dns_records/scan/review',
  "a form's field errors (src/lib/field-errors.ts)": '(code ',
  "the audit page's action list (src/shared/audit-actions.ts)": 'two-factor-reset',
}

describe('the shell', () => {
  it('leaves what a first paint does not need out of the entry', () => {
    const manifest = readManifest(outDir)!
    const shell = [...staticClosure(entryKey(manifest), manifest)].map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n')
    const found = Object.entries(LOADED_LATER)
      .filter(([, words]) => shell.includes(words))
      .map(([what]) => what)
    expect(found, 'in the shell').toEqual([])
  })
})

describe('the route preloads the build writes for the server (src/build/route-preloads.ts)', () => {
  it("names each route's own chunks, page first, none of them already in index.html", () => {
    const map = JSON.parse(readFileSync(join(outDir, ROUTE_PRELOADS), 'utf8')) as Record<string, string[]>
    const index = readFileSync(join(outDir, 'index.html'), 'utf8')
    expect(Object.keys(map).filter((k) => !(SPA_ROUTES as readonly string[]).includes(k))).toEqual([])
    expect(map['/zones/$zoneId/dns'][0]).toMatch(/^\/assets\/dns-page-[\w-]+\.js$/)
    expect(map['/zones'][0]).toMatch(/^\/assets\/zones-page-[\w-]+\.js$/)
    // A child route also names its parent's lazy layout.
    expect(map['/zones/$zoneId/page-shield/scripts'].some((f) => /\/page-shield-layout-/.test(f))).toBe(true)
    for (const files of Object.values(map)) for (const f of files) expect(index).not.toContain(f)
  })
})
