import { isMalicious, isReportedMalicious, MALICIOUS_JS_INTEGRITY_THRESHOLD } from '@/shared/page-shield/malicious'

export interface SeenResource {
  url: string
  host: string
  first_page_url?: string
  js_integrity_score?: number | null
  url_reported_malicious?: boolean
  domain_reported_malicious?: boolean
  malicious_url_categories?: string[]
  malicious_domain_categories?: string[]
}

export interface SuggestedSource {
  /** What goes into the directive: 'self' or a host (with http:// when the resource was plain http). */
  source: string
  /** How many seen scripts / connections it covers. */
  count: number
  example: string
}

export interface LeftOutHost {
  host: string
  reasons: string[]
  urls: string[]
}

export interface Suggestions {
  sources: SuggestedSource[]
  leftOut: LeftOutHost[]
}

function hostOf(pageUrl: string | undefined): string | undefined {
  if (!pageUrl) return undefined
  try {
    return new URL(/^https?:\/\//i.test(pageUrl) ? pageUrl : `https://${pageUrl}`).hostname.toLowerCase()
  } catch {
    return undefined
  }
}

/** Why an item must not be allowed, in plain words; empty when nothing is known against it. */
export function dangerReasons(item: SeenResource): string[] {
  const reasons: string[] = []
  if (isMalicious(item.js_integrity_score))
    reasons.push(`malicious: integrity score ${item.js_integrity_score} (below ${MALICIOUS_JS_INTEGRITY_THRESHOLD})`)
  if (isReportedMalicious(item)) {
    const cats = [...(item.malicious_url_categories ?? []), ...(item.malicious_domain_categories ?? [])]
    reasons.push(`reported by threat feeds${cats.length ? `: ${[...new Set(cats)].join(', ')}` : ''}`)
  }
  return reasons
}

/**
 * Sources for a directive from what was actually seen: one per host, most used first. A host
 * with anything malicious or reported on it is left out entirely and listed with the reason.
 * A resource on the same host as the page it was first seen on becomes 'self'.
 */
export function suggestSources(items: SeenResource[]): Suggestions {
  const bad = new Map<string, LeftOutHost>()
  for (const item of items) {
    const reasons = dangerReasons(item)
    if (!reasons.length) continue
    const entry = bad.get(item.host) ?? { host: item.host, reasons: [], urls: [] }
    for (const r of reasons) if (!entry.reasons.includes(r)) entry.reasons.push(r)
    if (!entry.urls.includes(item.url)) entry.urls.push(item.url)
    bad.set(item.host, entry)
  }
  const counts = new Map<string, SuggestedSource>()
  for (const item of items) {
    if (bad.has(item.host)) continue
    const plainHttp = item.url.toLowerCase().startsWith('http://')
    const source =
      hostOf(item.first_page_url) === item.host.toLowerCase() && !plainHttp
        ? "'self'"
        : plainHttp
          ? `http://${item.host}`
          : item.host
    const entry = counts.get(source) ?? { source, count: 0, example: item.url }
    entry.count++
    counts.set(source, entry)
  }
  const sources = [...counts.values()].sort((a, b) => b.count - a.count || a.source.localeCompare(b.source))
  return { sources, leftOut: [...bad.values()].sort((a, b) => a.host.localeCompare(b.host)) }
}
