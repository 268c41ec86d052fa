// First-load JavaScript per route, gzipped (see support/first-load.ts), against the budget that
// npm test also enforces (bundle-budget.test.ts). Builds dist/ first when missing or stale.
import { join, resolve } from 'node:path'
import { ensureBuilt } from '../server/build.mjs'
import { BUDGET_KB, firstLoads } from './support/first-load'
import type { Row } from './types'

export const name = 'bundle-size'

const ROOT = resolve(import.meta.dirname, '..', '..')

export async function run(): Promise<Row[]> {
  ensureBuilt(ROOT, { targets: ['spa'] })
  const { entryKb, entryFiles, routes } = firstLoads(ROOT, join(ROOT, 'dist'))
  return [
    { metric: 'entry (shell, router, query)', value: entryKb, unit: 'KB gz', note: `${entryFiles} files` },
    ...routes.map((r): Row => ({
      metric: `first load ${r.fullPath}`,
      value: r.kb,
      unit: 'KB gz',
      goal: { op: '<=', value: BUDGET_KB },
      note: r.missing.length
        ? `not in manifest: ${r.missing.join(', ')}`
        : r.hasLazy
          ? `route chunks ${r.lazyKb} KB${r.kb > BUDGET_KB ? `; largest: ${r.largest.join(', ')}` : ''}`
          : 'no lazy chunk',
    })),
  ]
}
