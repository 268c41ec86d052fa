import type { Hono, MiddlewareHandler } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { matchSpaRoute } from '../shared/spa-routes'

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
    return c.html(readFileSync(indexFile, 'utf8'), pageStatus(c.req.path, options))
  })
}
