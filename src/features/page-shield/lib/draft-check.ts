import { cspAllows, parseCsp, type ParsedCsp, type ResourceKind } from '@/shared/page-shield/csp'
import { compileExpression, pageRequest } from '@/shared/page-shield/expression'

export interface CheckedResource {
  id: string
  url: string
  /** Every page the script or connection was seen on. */
  page_urls: string[]
  malicious?: boolean
}

export interface BlockedResource {
  kind: ResourceKind
  id: string
  url: string
  directive: string
  /** Pages the policy applies to where this would be blocked. */
  pages: string[]
  malicious: boolean
}

export interface DraftCheckResult {
  /** Why the expression could not be evaluated (the check then assumes every page). */
  expressionNote?: string
  cspProblems: string[]
  /** Pages seen on the zone that the policy applies to. */
  pagesCovered: string[]
  blocked: BlockedResource[]
  /** Malicious or reported scripts and connections the draft would still allow, and where. */
  allowedMalicious: Omit<BlockedResource, 'malicious' | 'directive'>[]
}

/**
 * Needs the pages a script was seen on? Not when a host or scheme source allows it anywhere
 * (only 'self' depends on the page). Lets the caller fetch page lists only for these.
 */
export function mayBeBlocked(parsed: ParsedCsp, kind: ResourceKind, url: string): boolean {
  return !cspAllows(parsed, kind, url, '').allowed
}

/** Which active scripts and connections a draft policy would block, and on which of its pages. */
export function checkDraft(
  draft: { value: string; expression: string },
  resources: { scripts: CheckedResource[]; connections: CheckedResource[] },
): DraftCheckResult {
  const parsed = parseCsp(draft.value)
  const compiled = compileExpression(draft.expression)
  const applies = (page: string) => {
    if (!compiled.ok) return true
    const req = pageRequest(page)
    return req ? compiled.matches(req) : false
  }
  const covered = new Set<string>()
  const blocked: BlockedResource[] = []
  const allowedMalicious: DraftCheckResult['allowedMalicious'] = []
  const run = (kind: ResourceKind, list: CheckedResource[]) => {
    for (const r of list) {
      const pages: string[] = []
      const allowedOn: string[] = []
      let directive = ''
      for (const page of r.page_urls) {
        if (!applies(page)) continue
        covered.add(page)
        const verdict = cspAllows(parsed, kind, r.url, page)
        if (!verdict.allowed) {
          pages.push(page)
          directive = verdict.directive ?? directive
        } else allowedOn.push(page)
      }
      if (pages.length) blocked.push({ kind, id: r.id, url: r.url, directive, pages, malicious: r.malicious ?? false })
      if (r.malicious && allowedOn.length) allowedMalicious.push({ kind, id: r.id, url: r.url, pages: allowedOn })
    }
  }
  run('script', resources.scripts)
  run('connection', resources.connections)
  blocked.sort(
    (a, b) => Number(b.malicious) - Number(a.malicious) || b.pages.length - a.pages.length || a.url.localeCompare(b.url),
  )
  return {
    expressionNote: compiled.ok
      ? undefined
      : `The check could not read the expression (${compiled.error}), so it assumes the policy applies to every page.`,
    cspProblems: parsed.problems,
    pagesCovered: [...covered].sort(),
    blocked,
    allowedMalicious,
  }
}
