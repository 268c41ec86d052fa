import type { MiddlewareHandler } from 'hono'
import { rawTarget, splitTarget } from './guard'

export type LogLine = (line: string) => void

/**
 * The path as logged: query values dropped (they can hold search terms, e-mail addresses or worse),
 * keys kept; anything unprintable replaced so that a request cannot forge log lines.
 */
export function loggablePath(target: string): string {
  const { path, query } = splitTarget(target)
  const keys = query
    .slice(1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0])
  const shown = keys.length ? `${path}?${keys.map((k) => `${k}=…`).join('&')}` : path
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  const clean = shown.replace(/[\u0000-\u001f\u007f-\u009f\s"]/g, '?')
  return clean.length > 200 ? clean.slice(0, 200) + '…' : clean
}

/**
 * One line per request: method, path (no query values), status, milliseconds. Never headers or
 * bodies. Health checks and successful asset downloads are left out to keep the log readable.
 */
export function requestLog(log: LogLine): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const status = c.res.status
    const path = c.req.path
    if (path === '/healthz' || (path.startsWith('/assets/') && status < 400)) return
    const ms = Math.round(performance.now() - started)
    log(`${c.req.method} ${loggablePath(rawTarget(c))} ${status} ${ms}ms`)
  }
}
