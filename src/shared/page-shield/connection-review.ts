/**
 * Where a connection stands against its latest review. A connection has no code:
 * what a reviewer judged is its host and URL as threat feeds saw them. When a feed starts (or stops)
 * reporting the URL or its domain, or the categories change, the verdict no longer counts.
 * Imports nothing: the server (its index and ledger) and the browser compute the same state.
 */

export interface ConnectionThreat {
  url_reported_malicious?: boolean | null
  domain_reported_malicious?: boolean | null
  malicious_url_categories?: readonly string[] | null
  malicious_domain_categories?: readonly string[] | null
}

const sorted = (list: readonly string[] | null | undefined) => [...(list ?? [])].map(String).sort()

/** The threat facts of a connection as one string: equal strings, same threat status. */
export function threatFingerprint(c: ConnectionThreat): string {
  return JSON.stringify([
    c.url_reported_malicious === true,
    c.domain_reported_malicious === true,
    sorted(c.malicious_url_categories),
    sorted(c.malicious_domain_categories),
  ])
}

/** The connection as it was reviewed (the ledger's snapshot). */
export interface ConnectionSnapshot {
  url: string
  host: string
  status: string | null
  url_reported_malicious: boolean
  domain_reported_malicious: boolean
  malicious_url_categories: string[]
  malicious_domain_categories: string[]
}

export type ConnectionReviewKind = 'new' | 'changed' | 'reviewed'

const reportText = (what: string, then: boolean, now: boolean) =>
  now && !then ? `threat feeds now report its ${what}` : then && !now ? `threat feeds no longer report its ${what}` : null

/** Why the threat status differs from the review's (empty: it does not). */
export function threatChanges(now: ConnectionThreat, then: ConnectionSnapshot): string[] {
  const reasons = [
    reportText('domain', then.domain_reported_malicious, now.domain_reported_malicious === true),
    reportText('URL', then.url_reported_malicious, now.url_reported_malicious === true),
  ].filter((r): r is string => r !== null)
  const cats = (l: readonly string[] | null | undefined) => sorted(l).join(', ') || 'none'
  if (cats(now.malicious_domain_categories) !== cats(then.malicious_domain_categories))
    reasons.push(`its domain's threat categories moved from ${cats(then.malicious_domain_categories)} to ${cats(now.malicious_domain_categories)}`)
  if (cats(now.malicious_url_categories) !== cats(then.malicious_url_categories))
    reasons.push(`its URL's threat categories moved from ${cats(then.malicious_url_categories)} to ${cats(now.malicious_url_categories)}`)
  return reasons
}

export function connectionReviewKind(now: ConnectionThreat, then: ConnectionSnapshot | undefined): ConnectionReviewKind {
  if (!then) return 'new'
  return threatFingerprint(now) === threatFingerprint(then) ? 'reviewed' : 'changed'
}
