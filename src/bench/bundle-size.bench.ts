// First-load JavaScript per route, gzipped: the entry chunk with its static imports, plus the lazy
// chunks of the route and its parents (and their static imports). Reads dist/ and its Vite manifest;
// builds first when dist/ is missing or older than the sources.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ensureBuilt } from '../server/build.mjs'
import { entryKey, manifestKey, parseRoutes, readManifest, resolveRoutes, staticClosure, type Manifest } from './support/route-chunks'
import type { Row } from './types'

export const name = 'bundle-size'

const ROOT = resolve(import.meta.dirname, '..', '..')
const DIST = join(ROOT, 'dist')
const GOAL_KB = 160

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

async function loadManifest(): Promise<Manifest> {
  ensureBuilt(ROOT, { targets: ['spa'] })
  let manifest = readManifest(DIST)
  if (!manifest) {
    // dist/ was built before the manifest was switched on: force one build.
    const { spawnSync } = await import('node:child_process')
    const res = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
    if (res.status !== 0) throw new Error('vite build failed')
    manifest = readManifest(DIST)
  }
  if (!manifest) throw new Error('dist/.vite/manifest.json is missing: is build.manifest on in vite.config.ts?')
  return manifest
}

export async function run(): Promise<Row[]> {
  const manifest = await loadManifest()
  const gz = new Map<string, number>()
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length)
    return gz.get(file)!
  }
  const entry = staticClosure(entryKey(manifest), manifest)
  const entryBytes = [...entry].reduce((n, f) => n + size(f), 0)
  const rows: Row[] = [{ metric: 'entry (shell, router, query)', value: kb(entryBytes), unit: 'KB gz', note: `${entry.size} files` }]

  const routesDir = join(ROOT, 'src', 'app', 'routes')
  const defs = [join(ROOT, 'src', 'app', 'root-route.tsx'), ...readdirSync(routesDir).filter((f) => f.endsWith('.tsx')).map((f) => join(routesDir, f))].flatMap((file) =>
    parseRoutes(readFileSync(file, 'utf8'), file.slice(ROOT.length + 1)),
  )
  // An index route shares its parent's path; a visit loads both, so their lazy modules are merged.
  const byPath = new Map<string, string[]>()
  for (const r of resolveRoutes(defs)) byPath.set(r.fullPath, [...new Set([...(byPath.get(r.fullPath) ?? []), ...r.lazy])])
  for (const [fullPath, lazy] of [...byPath].sort((a, b) => a[0].localeCompare(b[0]))) {
    const route = { fullPath, lazy }
    const files = new Set(entry)
    const missing: string[] = []
    for (const spec of route.lazy) {
      const key = manifestKey(spec, manifest)
      if (key) staticClosure(key, manifest, files)
      else missing.push(spec)
    }
    const bytes = [...files].reduce((n, f) => n + size(f), 0)
    const lazyKb = kb(bytes - entryBytes)
    // Over the goal: name the largest chunks the route adds to the entry, to know where to look.
    const largest = [...files]
      .filter((f) => !entry.has(f))
      .sort((a, b) => size(b) - size(a))
      .slice(0, 3)
      .map((f) => `${f.replace(/^assets\//, '')} ${kb(size(f))}`)
    const over = kb(bytes) > GOAL_KB ? `; largest: ${largest.join(', ')}` : ''
    rows.push({
      metric: `first load ${route.fullPath}`,
      value: kb(bytes),
      unit: 'KB gz',
      goal: { op: '<=', value: GOAL_KB },
      note: missing.length ? `not in manifest: ${missing.join(', ')}` : route.lazy.length ? `route chunks ${lazyKb} KB${over}` : 'no lazy chunk',
    })
  }
  return rows
}
