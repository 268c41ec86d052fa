/**
 * The draft check: which active scripts and connections a draft policy would block, and on which of
 * its pages. Shared by the policy editor (in the browser) and the change requests' impact notes (on
 * the server).
 */
import { parseCsp, type ParsedCsp } from './csp'
import { cspAllows, governingDirective, type ResourceKind } from './csp-match'
import { DIRECTIVE_FALLBACK } from './csp-match'
import { compileExpression, pageRequest } from './expression'

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

/** Whether the draft says anything about a kind of resource, and through which directive. */
export interface KindCoverage {
  governed: boolean
  /** The directive that decides for this kind (its own, or default-src as the fallback). */
  directive?: string
  /** True when default-src decides because the kind's own directive is missing. */
  fallback: boolean
  /** One plain sentence. */
  text: string
}

/** A malicious item the draft would let through, and what lets it through. */
export interface AllowedMalicious {
  kind: ResourceKind
  id: string
  url: string
  pages: string[]
  /** Why: "not governed" (no directive applies) or the directive and source that allow it. */
  reason: string
}

export interface DraftCheckResult {
  coverage: Record<ResourceKind, KindCoverage>
  /** Why the expression could not be evaluated (the check then assumes every page). */
  expressionNote?: string
  cspProblems: string[]
  /** Pages seen on the zone that the policy applies to. */
  pagesCovered: string[]
  blocked: BlockedResource[]
  /** Malicious or reported scripts and connections the draft would still allow, and where. */
  allowedMalicious: AllowedMalicious[]
}

const KIND_WORDS: Record<ResourceKind, { plural: string; own: string }> = {
  script: { plural: 'scripts', own: 'script-src' },
  connection: { plural: 'connections', own: 'connect-src' },
}

/** Per kind: governed or not, and by which directive (CSP's fallback to default-src). */
export function kindCoverage(parsed: ParsedCsp, kind: ResourceKind): KindCoverage {
  const d = governingDirective(parsed, kind)
  const w = KIND_WORDS[kind]
  if (!d) {
    return {
      governed: false,
      fallback: false,
      text: `Not governed: the draft has no ${w.own} and no default-src, so every one of its ${w.plural} stays allowed whatever the sources say. Add ${w.own} to check ${w.plural}.`,
    }
  }
  const fallback = d.name === 'default-src' && DIRECTIVE_FALLBACK[kind][0] !== 'default-src'
  return {
    governed: true,
    directive: d.name,
    fallback,
    text: fallback
      ? `Governed by default-src (the draft has no ${w.own}, so default-src decides for ${w.plural}).`
      : `Governed by ${d.name}.`,
  }
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
  const allowedMalicious: AllowedMalicious[] = []
  const run = (kind: ResourceKind, list: CheckedResource[]) => {
    for (const r of list) {
      const pages: string[] = []
      const allowedOn: string[] = []
      let directive = ''
      let reason = ''
      for (const page of r.page_urls) {
        if (!applies(page)) continue
        covered.add(page)
        const verdict = cspAllows(parsed, kind, r.url, page)
        if (!verdict.allowed) {
          pages.push(page)
          directive = verdict.directive ?? directive
        } else {
          allowedOn.push(page)
          reason ||= verdict.governed
            ? `allowed by ${verdict.directive}'s source ${verdict.source}`
            : `not governed: the draft has no ${KIND_WORDS[kind].own} and no default-src`
        }
      }
      if (pages.length) blocked.push({ kind, id: r.id, url: r.url, directive, pages, malicious: r.malicious ?? false })
      if (r.malicious && allowedOn.length) allowedMalicious.push({ kind, id: r.id, url: r.url, pages: allowedOn, reason })
    }
  }
  run('script', resources.scripts)
  run('connection', resources.connections)
  blocked.sort(
    (a, b) => Number(b.malicious) - Number(a.malicious) || b.pages.length - a.pages.length || a.url.localeCompare(b.url),
  )
  return {
    coverage: { script: kindCoverage(parsed, 'script'), connection: kindCoverage(parsed, 'connection') },
    expressionNote: compiled.ok
      ? undefined
      : `The check could not read the expression (${compiled.error}), so it assumes the policy applies to every page.`,
    cspProblems: parsed.problems,
    pagesCovered: [...covered].sort(),
    blocked,
    allowedMalicious,
  }
}
