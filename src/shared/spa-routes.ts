/**
 * Every page path of the dashboard's router, for the server: a path that matches none of them is
 * answered with 404 (the page still shows the dashboard's own "not found" screen). Kept in step
 * with src/app/router.tsx by src/app/spa-routes.test.ts: a new route fails that test until listed here.
 */
export const SPA_ROUTES = [
  '/',
  '/zones',
  '/invites',
  '/load-balancing',
  '/people',
  '/credentials',
  '/api-budget',
  '/account',
  '/audit',
  '/practice',
  '/change-requests',
  '/change-requests/$requestId',
  '/search',
  '/attention',
  '/zones/$zoneId',
  '/zones/$zoneId/dns',
  '/zones/$zoneId/certificates',
  '/zones/$zoneId/certificates/$packId',
  '/zones/$zoneId/page-shield',
  '/zones/$zoneId/page-shield/scripts',
  '/zones/$zoneId/page-shield/scripts/$scriptId',
  '/zones/$zoneId/page-shield/connections',
  '/zones/$zoneId/page-shield/connections/$connectionId',
  '/zones/$zoneId/page-shield/cookies',
  '/zones/$zoneId/page-shield/cookies/$cookieId',
  '/zones/$zoneId/page-shield/policies',
  '/zones/$zoneId/page-shield/policies/new',
  '/zones/$zoneId/page-shield/policies/$policyId',
  '/zones/$zoneId/page-shield/reviews',
  '/zones/$zoneId/page-shield/alerts',
  '/zones/$zoneId/logs',
  '/zones/$zoneId/logs/jobs',
  '/zones/$zoneId/logs/jobs/new',
  '/zones/$zoneId/firewall',
] as const

/**
 * Written by the build beside Vite's manifest (src/build/route-preloads.ts): for each route above,
 * the JavaScript files a visit loads beyond the entry, which the server names in the page it sends.
 */
export const ROUTE_PRELOADS = '.vite/route-preloads.json'

/** The route a page path belongs to and its parameters; undefined when it matches none. */
export function matchSpaRoute(path: string): { route: string; params: Record<string, string> } | undefined {
  const parts = path.replace(/\/+$/, '').split('/').slice(1)
  let best: { route: string; params: Record<string, string>; literals: number } | undefined
  for (const route of SPA_ROUTES) {
    const pattern = route === '/' ? [] : route.split('/').slice(1)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let literals = 0
    const ok = pattern.every((p, i) => {
      if (p.startsWith('$')) {
        params[p.slice(1)] = decodeURIComponent(parts[i])
        return parts[i] !== ''
      }
      literals += 1
      return p === parts[i]
    })
    if (ok && (!best || literals > best.literals)) best = { route, params, literals }
  }
  return best && { route: best.route, params: best.params }
}
