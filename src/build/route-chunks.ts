// Which JavaScript a first visit to each route downloads, from the route files and Vite's manifest.
// Read by the build (the server's per-route modulepreload list, route-preloads.ts), the bundle
// budget test and the bundle-size bench, so that all three agree on what a route loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface RouteDef {
  /** Variable name when the route is assigned (`const zoneRoute = createRoute(...)`). */
  name?: string
  parent?: string
  path?: string
  /** Modules the route imports lazily (components, lazy loaders), as written (`@/features/...`). */
  lazy: string[]
  file: string
}

/** The text of a call's argument list, from the "(" at `open` to its matching ")". */
function balanced(text: string, open: number): string {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i)
  }
  return text.slice(open + 1)
}

/** Every `createRoute({...})` of a route file: parent, path and lazy imports. */
export function parseRoutes(source: string, file: string): RouteDef[] {
  const routes: RouteDef[] = []
  // `const parent = () => pageShieldRoute` then `getParentRoute: parent`.
  const aliases = new Map([...source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*\(\)\s*=>\s*(\w+)/g)].map((a) => [a[1], a[2]]))
  const re = /createRoute\s*\(/g
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const body = balanced(source, m.index + m[0].length - 1)
    const before = source.slice(Math.max(0, m.index - 80), m.index)
    const name = /(?:const|let)\s+(\w+)\s*=\s*$/.exec(before)?.[1]
    const parentRef = /getParentRoute:\s*(?:\(\)\s*=>\s*)?(\w+)/.exec(body)?.[1]
    const parent = parentRef && aliases.has(parentRef) ? aliases.get(parentRef) : parentRef
    const path = /\bpath:\s*['"`]([^'"`]*)['"`]/.exec(body)?.[1]
    const lazy = [...body.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((x) => x[1])
    routes.push({ name, parent, path, lazy, file })
  }
  return routes
}

const joinPath = (parent: string, path: string) => {
  if (path.startsWith('/')) return parent === '' || path === '/' ? parent + (path === '/' ? '' : path) || '/' : parent + path
  return `${parent}/${path}`.replace(/\/+/g, '/')
}

export interface ResolvedRoute {
  fullPath: string
  lazy: string[]
  file: string
}

/** Full paths and the lazy modules of each route and its parents. Routes without a literal path are labelled by file. */
export function resolveRoutes(defs: RouteDef[]): ResolvedRoute[] {
  const byName = new Map(defs.filter((d) => d.name).map((d) => [d.name!, d]))
  const chain = (d: RouteDef, depth = 0): { path: string; lazy: string[] } => {
    const parent = d.parent && d.parent !== 'rootRoute' ? byName.get(d.parent) : undefined
    const up = parent && depth < 10 ? chain(parent, depth + 1) : { path: '', lazy: [] }
    const own = d.path === undefined ? `(${d.file})` : d.path
    return { path: joinPath(up.path, own), lazy: [...up.lazy, ...d.lazy] }
  }
  return defs.map((d) => ({ fullPath: chain(d).path, lazy: [...new Set(chain(d).lazy)], file: d.file }))
}

/** Manifest key of an import specifier ("@/features/x/y" → "src/features/x/y.tsx"). */
export function manifestKey(spec: string, manifest: Manifest): string | undefined {
  const base = spec.replace(/^@\//, 'src/')
  for (const ext of ['', '.tsx', '.ts', '/index.tsx', '/index.ts']) if (manifest[base + ext]) return base + ext
  return undefined
}

/** JS files loaded with a chunk: the chunk and its static imports, recursively. */
export function staticClosure(key: string, manifest: Manifest, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imp of chunk.imports ?? []) staticClosure(imp, manifest, into)
  return into
}

export function readManifest(distDir: string): Manifest | undefined {
  const file = join(distDir, '.vite', 'manifest.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry)
  if (!key) throw new Error('The Vite manifest has no entry chunk.')
  return key
}

/**
 * The lazy modules a visit to each page path loads (its route's and its parents'), read from
 * src/app/root-route.tsx and src/app/routes/*.tsx. An index route shares its parent's path; a visit
 * loads both, so their lazy modules are merged.
 */
export function routeLazyModules(root: string): Map<string, string[]> {
  const routesDir = join(root, 'src', 'app', 'routes')
  const defs = [
    join(root, 'src', 'app', 'root-route.tsx'),
    ...readdirSync(routesDir)
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => join(routesDir, f)),
  ].flatMap((file) => parseRoutes(readFileSync(file, 'utf8'), file.slice(root.length + 1)))
  const byPath = new Map<string, string[]>()
  for (const r of resolveRoutes(defs)) byPath.set(r.fullPath, [...new Set([...(byPath.get(r.fullPath) ?? []), ...r.lazy])])
  return byPath
}
