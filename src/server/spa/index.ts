import type { Hono, MiddlewareHandler } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { matchSpaRoute, ROUTE_PRELOADS } from '../../shared/spa-routes'

/**
 * Headers on every answer (set by serve.ts on the Node response, so that they cost nothing per
 * request): no framing, no sniffing, no referrer leaks, scripts only from here. A route may
 * replace the policy (the sign-in page does).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
}

/**
 * Serves the built dashboard from `distDir`: files as they are (hashed assets cached for a year),
 * and index.html for any other page path so that the browser router can take over. A missing
 * asset is a 404, not the page.
 */
export interface SpaOptions {
  /** Whether a zone id names a zone (the sandbox knows; undefined: cannot tell, the page is served). */
  zoneExists?: (zoneId: string) => boolean | undefined
}

/** 404 for a page path no route matches, or a zone id that is malformed or (where known) unknown. */
function pageStatus(path: string, options: SpaOptions): 200 | 404 {
  const match = matchSpaRoute(path)
  if (!match) return 404
  const zoneId = match.params.zoneId
  if (zoneId === undefined) return 200
  if (!/^[0-9a-f]{32}$/.test(zoneId) || options.zoneExists?.(zoneId) === false) return 404
  return 200
}

/** Only plain asset names are written into the page (the file comes from our own build, but still). */
const ASSET = /^\/assets\/[\w.-]+\.js$/

/**
 * The page for `route`: index.html with `<link rel="preload" as="script">` for the route's own chunks
 * (from the build's route-preloads.json), so that a direct visit fetches them beside the entry
 * instead of after it has run. Fetched only: they are compiled when the router imports them, so
 * they do not hold up the entry's own run (`modulepreload` compiled them as they arrived and
 * measured slower). Without that file (an older build) the page is sent as it is.
 */
function pageFor(distDir: string, html: string, route: string | undefined): string {
  const file = join(distDir, ROUTE_PRELOADS)
  if (!route || !existsSync(file)) return html
  let files: unknown
  try {
    files = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[route]
  } catch {
    return html
  }
  if (!Array.isArray(files)) return html
  const links = files
    .filter((f): f is string => typeof f === 'string' && ASSET.test(f))
    .map((f) => `<link rel="preload" as="script" crossorigin href="${f}">`)
    .join('')
  return links ? html.replace('</head>', `${links}</head>`) : html
}

export function registerSpa(app: Hono, distDir: string, options: SpaOptions = {}): void {
  const indexFile = join(distDir, 'index.html')
  // Made on first use once dist/ exists: serveStatic complains at creation about a missing root, and
  // a server started before the first build (SKIP_BUILD=1) should pick the build up when it appears.
  let files: MiddlewareHandler | undefined
  app.use('/*', (c, next) => {
    if (!files) {
      if (!existsSync(distDir)) return next()
      files = serveStatic({
        // serveStatic wants a root relative to the working directory.
        root: relative(process.cwd(), distDir) || '.',
        onFound: (path, c) => {
          c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    }
    return files(c, next)
  })
  app.get('*', (c) => {
    const last = c.req.path.split('/').pop() ?? ''
    if (last.includes('.')) return c.text('Not found', 404)
    if (!existsSync(indexFile)) {
      return c.text('The dashboard is not built yet: run `npm run build` (or start without SKIP_BUILD=1).', 503)
    }
    c.header('Cache-Control', 'no-cache')
    // Unknown pages still get the dashboard (it shows its own "not found" screen), with a 404 status.
    const status = pageStatus(c.req.path, options)
    const page = readFileSync(indexFile, 'utf8')
    return c.html(status === 200 ? pageFor(distDir, page, matchSpaRoute(c.req.path)?.route) : page, status)
  })
}
