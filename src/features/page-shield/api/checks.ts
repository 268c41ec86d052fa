import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { isMalicious, isReportedMalicious } from '@/shared/page-shield/malicious'
import { parseCsp } from '@/shared/page-shield/csp'
import type { PageShieldConnection, PageShieldScript, PageShieldScriptDetail } from '@/shared/schemas/page-shield'
import { checkDraft, mayBeBlocked, type DraftCheckResult } from '../lib/draft-check'
import { pageUrlPatterns } from '../lib/page-patterns'
import { suggestSources, type Suggestions } from '../lib/suggest-sources'
import { collectList } from './resources'
import { SEEN_LIMIT, seenQueryOptions } from './seen'
import { keys } from '@/lib/query-keys'

export { SEEN_LIMIT, seenQueryOptions }

/** How many scripts the draft check reads page lists for. */
export const DETAIL_LIMIT = 300

export interface SuggestionSet {
  scripts: Suggestions
  connections: Suggestions
  truncated: boolean
  /** True when only resources seen on the policy's pages were used. */
  scoped: boolean
}

/** Suggestions from the active scripts and connections, limited to the policy's pages when the expression allows it. */
export function useSuggestions(zoneId: string, expression: string, enabled: boolean) {
  const patterns = pageUrlPatterns(expression)
  return useQuery({
    queryKey: keys.pageShield.suggestions(zoneId, patterns ?? 'all'),
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<SuggestionSet> => {
      const params = { status: 'active', page_url: patterns?.join(',') }
      const [scripts, connections] = await Promise.all([
        collectList<PageShieldScript>(
          apiPath('/zones/:zone_id/page_shield/scripts', { zone_id: zoneId }),
          params,
          SEEN_LIMIT,
          signal,
        ),
        collectList<PageShieldConnection>(
          apiPath('/zones/:zone_id/page_shield/connections', { zone_id: zoneId }),
          params,
          SEEN_LIMIT,
          signal,
        ),
      ])
      return {
        scripts: suggestSources(scripts.items),
        connections: suggestSources(connections.items),
        truncated: scripts.truncated || connections.truncated,
        scoped: patterns !== undefined,
      }
    },
  })
}

export interface DraftCheck extends DraftCheckResult {
  scriptsChecked: number
  connectionsChecked: number
  /** Sentences about what the check could not cover. */
  limits: string[]
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i])
      }
    }),
  )
  return out
}

/** Runs the draft check: which active scripts and connections the draft would block, and where. */
export async function runDraftCheck(
  qc: QueryClient,
  zoneId: string,
  draft: { value: string; expression: string },
): Promise<DraftCheck> {
  const seen = await qc.fetchQuery(seenQueryOptions(zoneId))
  const parsed = parseCsp(draft.value)
  // Scripts a host source allows everywhere need no page list, unless malicious (then: allowed where?).
  const candidates = seen.scripts.items.filter(
    (s) => mayBeBlocked(parsed, 'script', s.url) || isMalicious(s.js_integrity_score) || isReportedMalicious(s),
  )
  const detailed = candidates.slice(0, DETAIL_LIMIT)
  const details = await mapLimit(detailed, 6, (s) =>
    qc.fetchQuery({
      queryKey: keys.pageShield.script(zoneId, s.id),
      queryFn: () =>
        api.get<PageShieldScriptDetail>(
          apiPath('/zones/:zone_id/page_shield/scripts/:script_id', { zone_id: zoneId, script_id: s.id }),
        ),
      staleTime: 60_000,
    }),
  )
  const result = checkDraft(draft, {
    scripts: details.map((d) => ({
      id: d.id,
      url: d.url,
      page_urls: d.page_urls.length ? d.page_urls : d.first_page_url ? [d.first_page_url] : [],
      malicious: isMalicious(d.js_integrity_score) || isReportedMalicious(d),
    })),
    connections: seen.connections.items.map((c) => ({
      id: c.id,
      url: c.url,
      page_urls: c.page_urls?.length ? c.page_urls : c.first_page_url ? [c.first_page_url] : [],
      malicious: isReportedMalicious(c),
    })),
  })
  const limits: string[] = []
  if (seen.scripts.truncated) limits.push(`Only the first ${SEEN_LIMIT} of ${seen.scripts.total} active scripts were checked.`)
  if (seen.connections.truncated)
    limits.push(`Only the first ${SEEN_LIMIT} of ${seen.connections.total} active connections were checked.`)
  if (candidates.length > DETAIL_LIMIT)
    limits.push(`${candidates.length - DETAIL_LIMIT} more scripts may be blocked; their pages were not read.`)
  return { ...result, scriptsChecked: seen.scripts.items.length, connectionsChecked: seen.connections.items.length, limits }
}

export const useDraftCheck = (qc: QueryClient, zoneId: string) =>
  useMutation({ mutationFn: (draft: { value: string; expression: string; action: string }) => runDraftCheck(qc, zoneId, draft) })
