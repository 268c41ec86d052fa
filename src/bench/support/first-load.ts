// First-load JavaScript per route, gzipped: the entry chunk with its static imports, plus the lazy
// chunks of the route and its parents (and their static imports). Read from a build's Vite manifest
// and the route files. Used by the bundle-size bench and by the budget test (npm test).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { entryKey, manifestKey, readManifest, routeLazyModules, staticClosure } from '../../build/route-chunks'
import { ROUTE_PRELOADS } from '../../shared/spa-routes'

export const BUDGET_KB = 162

export interface RouteLoad {
  fullPath: string
  /** Entry plus the route's chunks, KB gzipped. */
  kb: number
  /** The route's own chunks (beyond the entry), KB gzipped. */
  lazyKb: number
  /** The largest chunks the route adds to the entry ("file KB"). */
  largest: string[]
  /** Lazy imports of the route files that the manifest does not know. */
  missing: string[]
  hasLazy: boolean
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

export function firstLoads(root: string, distDir: string): { entryKb: number; entryFiles: number; routes: RouteLoad[] } {
  const manifest = readManifest(distDir)
  if (!manifest) throw new Error(`${distDir}/.vite/manifest.json is missing: is build.manifest on in vite.config.ts?`)
  const gz = new Map<string, number>()
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length)
    return gz.get(file)!
  }
  const entry = staticClosure(entryKey(manifest), manifest)
  const entryBytes = [...entry].reduce((n, f) => n + size(f), 0)

  const byPath = routeLazyModules(root)
  // The build's own list per route (from the bundle, src/build/route-preloads.ts) also knows the
  // small modules a loader imports lazily that ended up inside a shared chunk the manifest does not name.
  const preloadFile = join(distDir, ROUTE_PRELOADS)
  const preloads = existsSync(preloadFile) ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as Record<string, string[]>) : {}
  const routes = [...byPath]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([fullPath, lazy]): RouteLoad => {
      const files = new Set(entry)
      const missing: string[] = []
      for (const spec of lazy) {
        const key = manifestKey(spec, manifest)
        if (key) staticClosure(key, manifest, files)
        else missing.push(spec)
      }
      for (const f of preloads[fullPath] ?? []) files.add(f.replace(/^\//, ''))
      const bytes = [...files].reduce((n, f) => n + size(f), 0)
      const largest = [...files]
        .filter((f) => !entry.has(f))
        .sort((a, b) => size(b) - size(a))
        .slice(0, 3)
        .map((f) => `${f.replace(/^assets\//, '')} ${kb(size(f))}`)
      // A module missing from the manifest is still counted when the build's list has the route.
      const unknown = fullPath in preloads ? missing.filter((m) => m.includes('/components/')) : missing
      return { fullPath, kb: kb(bytes), lazyKb: kb(bytes - entryBytes), largest, missing: unknown, hasLazy: lazy.length > 0 }
    })
  return { entryKb: kb(entryBytes), entryFiles: entry.size, routes }
}
