import { checkDraft, mayBeBlocked, type CheckedResource } from '../../shared/page-shield/draft-check'
import { parseCsp } from '../../shared/page-shield/csp'
import { isMalicious, isReportedMalicious } from '../../shared/page-shield/malicious'
import type { ChangeRequestView, ImpactNote } from '../../shared/schemas/change-requests'
import { readMany } from '../audit/capture'
import type { Send } from '../upstream'
import { intended, policyLabel } from './review'

type Rec = Record<string, unknown>

/** Active scripts and connections read (per kind), and scripts whose pages are read, as the editor's check does. */
const SEEN_LIMIT = 1000
const DETAIL_LIMIT = 200
const SHOWN = 3

async function activeList(send: Send, path: string): Promise<{ items: Rec[]; truncated: boolean }> {
  const items: Rec[] = []
  let total = 0
  for (let page = 1; items.length < SEEN_LIMIT; page++) {
    const res = await send({ method: 'GET', pathAndQuery: `${path}?status=active&per_page=100&page=${page}` })
    if (!res.ok) break
    const body = (await res.json()) as { result: Rec[]; result_info?: { total_count?: number } }
    items.push(...body.result)
    total = body.result_info?.total_count ?? items.length
    if (body.result.length < 100 || items.length >= total) break
  }
  return { items: items.slice(0, SEEN_LIMIT), truncated: total > SEEN_LIMIT }
}

const pagesOf = (r: Rec): string[] => {
  const urls = Array.isArray(r.page_urls) ? (r.page_urls as string[]) : []
  return urls.length ? urls : typeof r.first_page_url === 'string' ? [r.first_page_url] : []
}

/**
 * "A policy that would block scripts now seen on the zone": every proposed policy that
 * is enabled goes through the policy editor's own draft check (shared/page-shield/draft-check.ts)
 * against the scripts and connections active on the zone now. With Allow it names what browsers would
 * block, and where; with Log, what would be reported (Log blocks nothing). Read only when the request
 * holds a policy.
 */
export async function policyImpactOf(send: Send, r: ChangeRequestView): Promise<ImpactNote[]> {
  const drafts = r.items
    .filter((i) => i.kind === 'page_shield_policy' && i.action !== 'delete')
    .map((i) => ({ item: i, policy: intended(i, r.zoneName)! }))
    .filter(({ policy }) => policy.enabled !== false && policy.enabled !== 'false')
  if (!drafts.length) return []
  const base = `/zones/${r.zoneId}/page_shield`
  const [scripts, connections] = await Promise.all([activeList(send, `${base}/scripts`), activeList(send, `${base}/connections`)])
  // Scripts a host source allows everywhere need no page list (as in the editor), unless malicious.
  const parsed = drafts.map(({ policy }) => parseCsp(String(policy.value ?? '')))
  const candidates = scripts.items.filter((s) => parsed.some((p) => mayBeBlocked(p, 'script', String(s.url))) || isMalicious(s.js_integrity_score as number | undefined) || isReportedMalicious(s))
  const details = (await readMany(send, candidates.slice(0, DETAIL_LIMIT).map((s) => `${base}/scripts/${encodeURIComponent(String(s.id))}`))).filter((d): d is Rec => d !== null)
  const resources = {
    scripts: details.map((d): CheckedResource => ({ id: String(d.id), url: String(d.url), page_urls: pagesOf(d), malicious: isMalicious(d.js_integrity_score as number | undefined) || isReportedMalicious(d) })),
    connections: connections.items.map((c): CheckedResource => ({ id: String(c.id), url: String(c.url), page_urls: pagesOf(c), malicious: isReportedMalicious(c) })),
  }
  const limits = scripts.truncated || connections.truncated || candidates.length > DETAIL_LIMIT ? ' (the check read only part of what the zone has seen)' : ''
  const notes: ImpactNote[] = []
  for (const { item, policy } of drafts) {
    const result = checkDraft({ value: String(policy.value ?? ''), expression: String(policy.expression ?? '') }, resources)
    const label = policyLabel(policy)
    const blocking = policy.action === 'allow'
    const scriptsHit = result.blocked.filter((b) => b.kind === 'script')
    const connectionsHit = result.blocked.filter((b) => b.kind === 'connection')
    if (scriptsHit.length || connectionsHit.length) {
      const list = result.blocked.slice(0, SHOWN).map((b) => `${b.url} (on ${b.pages.length} page${b.pages.length === 1 ? '' : 's'}, by ${b.directive})`).join(', ')
      const more = result.blocked.length > SHOWN ? ` and ${result.blocked.length - SHOWN} more` : ''
      const what = [scriptsHit.length ? `${scriptsHit.length} script${scriptsHit.length === 1 ? '' : 's'}` : '', connectionsHit.length ? `${connectionsHit.length} connection${connectionsHit.length === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ')
      notes.push({
        position: item.position,
        severity: blocking ? 'warning' : 'info',
        text: blocking
          ? `${label} would block ${what} now seen on the zone: ${list}${more}${limits}.`
          : `${label} would report ${what} now seen on the zone (Log blocks nothing): ${list}${more}${limits}.`,
      })
    }
    if (result.allowedMalicious.length) {
      notes.push({ position: item.position, severity: 'warning', text: `${label} still allows ${result.allowedMalicious.map((m) => m.url).slice(0, SHOWN).join(', ')}, seen on the zone and malicious or reported.` })
    }
  }
  return notes
}
