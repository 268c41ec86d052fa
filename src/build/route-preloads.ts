// A Vite plugin: writes which JavaScript each page path loads beyond the entry
// (dist/.vite/route-preloads.json), so that the server can name those files in the page it sends
// (`<link rel="preload" as="script">`, src/server/spa/index.ts). A direct visit then fetches the route's chunks
// beside the entry instead of only after the entry has run and the router asked for them.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { ROUTE_PRELOADS } from '../shared/spa-routes.ts'
import { routeLazyModules } from './route-chunks.ts'

/** Page path pattern (as in SPA_ROUTES) → files under the base path ("/assets/dns-page-x.js"), the page's own chunk first. */
export type RoutePreloads = Record<string, string[]>

/**
 * From the bundle itself (not the manifest): a small module a loader imports lazily may end up
 * inside a shared chunk, which the manifest does not name by its source.
 */
export function routePreloadsFor(root: string, bundle: Rollup.OutputBundle, base: string): RoutePreloads {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
  const chunkOf = new Map<string, Rollup.OutputChunk>()
  for (const c of chunks) for (const id of c.moduleIds) chunkOf.set(id, c)
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const closure = (c: Rollup.OutputChunk | undefined, into: Set<string>): Set<string> => {
    if (!c || into.has(c.fileName)) return into
    into.add(c.fileName)
    for (const f of c.imports) closure(byFile.get(f), into)
    return into
  }
  const entry = new Set<string>()
  for (const c of chunks) if (c.isEntry) closure(c, entry)
  const moduleOf = (spec: string) => {
    const path = join(root, spec.replace(/^@\//, 'src/'))
    return ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => path + ext).find((p) => chunkOf.has(p) && existsSync(p))
  }
  const out: RoutePreloads = {}
  for (const [path, lazy] of routeLazyModules(root)) {
    const files = new Set<string>()
    // Parents' modules come first in `lazy`: the page's own chunk (the last) is listed first.
    for (const spec of [...lazy].reverse()) {
      const id = moduleOf(spec)
      if (id) closure(chunkOf.get(id), files)
    }
    const extra = [...files].filter((f) => !entry.has(f))
    if (extra.length) out[path] = extra.map((f) => base + f)
  }
  return out
}

export function routePreloads(): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'zonekeeper-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS,
        source: JSON.stringify(routePreloadsFor(root, bundle, base), null, 1),
      })
    },
  }
}
