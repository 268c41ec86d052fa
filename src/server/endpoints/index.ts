import { API_ENDPOINTS } from '../../shared/endpoints'
import type { Endpoint } from './types'

export type { Endpoint } from './types'

/** The allowlist: every API endpoint the dashboard may reach through its server (declared in src/shared/endpoints). */
export const endpoints: Endpoint[] = [...API_ENDPOINTS]

interface Compiled {
  endpoint: Endpoint
  regex: RegExp
  literalCount: number
}

const SEGMENT = '[A-Za-z0-9_.-]+'

function compile(e: Endpoint): Compiled {
  const parts = e.path.split('/').filter(Boolean)
  const regex = new RegExp(
    '^/' + parts.map((p) => (p.startsWith(':') ? `(${SEGMENT})` : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/') + '$',
  )
  return { endpoint: e, regex, literalCount: parts.filter((p) => !p.startsWith(':')).length }
}

/** Literal segments win over parameters: `/dns_records/export` before `/dns_records/:id`. */
export function createMatcher(list: Endpoint[]) {
  const compiled = list.map(compile).sort((a, b) => b.literalCount - a.literalCount)
  const byMethod = new Map<string, Compiled[]>()
  for (const c of compiled) {
    const same = byMethod.get(c.endpoint.method) ?? []
    if (!same.length) byMethod.set(c.endpoint.method, same)
    same.push(c)
  }
  // A request is matched once (app.ts puts the match on its context), but people ask the same few
  // paths again and again: the last 1,000 answers for paths of usual length are kept (oldest dropped first).
  const recent = new Map<string, Endpoint | null>()
  const find = (method: string, path: string): Endpoint | undefined => {
    if (!isSafePath(path)) return undefined
    const bare = withoutTrailingSlash(path)
    return byMethod.get(method)?.find((c) => c.regex.test(bare))?.endpoint
  }
  return (method: string, path: string): Endpoint | undefined => {
    const key = method + ' ' + path
    const known = recent.get(key)
    if (known !== undefined) return known ?? undefined
    const found = find(method, path)
    if (key.length > 300) return found
    if (recent.size >= 1000) recent.delete(recent.keys().next().value!)
    recent.set(key, found ?? null)
    return found
  }
}

/**
 * One trailing slash is accepted on every route, as the real service does (ddclient sends
 * `/zones/?name=…`, api-notes §13.10): `/zones/` is `/zones`. Two are not (an empty segment).
 */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') && !path.endsWith('//') ? path.slice(0, -1) : path
}

/**
 * Rejects path tricks before any matching: encoded or plain dot segments, encoded slashes or
 * backslashes, empty segments (one trailing slash aside) and control characters.
 */
export function isSafePath(raw: string): boolean {
  const path = withoutTrailingSlash(raw)
  return path.startsWith('/') && path !== '/' && !PATH_TRICK.test(path)
}

/**
 * One test for every trick, run on each API request (no split into segments): an encoded dot, slash,
 * backslash or NUL, a backslash, a control character, an empty segment (`//`: after one trailing
 * slash is taken off, any `/` left at the end comes from one), a `.` or `..` segment.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const PATH_TRICK = /%2e|%2f|%5c|%00|\\|[\u0000-\u001f\u007f]|\/\/|\/\.\.?(?:\/|$)/i

export const matchEndpoint = createMatcher(endpoints)
