import { LOCAL_ROUTES, type LocalRouteEntry } from './local'

const SEGMENT = '([^/]+)'
const compiled = (LOCAL_ROUTES as readonly LocalRouteEntry[]).map((route) => {
  const parts = route.path.split('/')
  return {
    route,
    names: parts.filter((p) => p.startsWith(':')).map((p) => p.slice(1)),
    re: new RegExp('^' + parts.map((p) => (p.startsWith(':') ? SEGMENT : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/') + '$'),
    literals: parts.filter((p) => p && !p.startsWith(':')).length,
  }
})
// The most literal template first: `/people/:id/tokens` before `/people/:id/:anything` would be ambiguous otherwise.
compiled.sort((a, b) => b.literals - a.literals)

/** The local route a request's method and path (below the server root) belong to, and its path parameters. */
export function matchLocalRoute(method: string, path: string): { route: LocalRouteEntry; params: Record<string, string> } | undefined {
  for (const c of compiled) {
    if (c.route.method !== method) continue
    const m = c.re.exec(path)
    if (m) return { route: c.route, params: Object.fromEntries(c.names.map((n, i) => [n, m[i + 1]])) }
  }
  return undefined
}
