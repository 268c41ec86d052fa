import { createHash } from 'node:crypto'
import { isMalicious, MALICIOUS_JS_INTEGRITY_THRESHOLD } from '../../shared/page-shield/malicious'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '../../shared/page-shield/review-verdicts'
import type { WatchAlertDetail, WatchChangeKind } from '../../shared/schemas/watch'
import type { ReviewRow } from '../store'
import type { ZonePolicy, ZoneReading, ZoneScript } from './read-zone'

/** What a check remembers of one item (watch_state.seen). `since`: when this state was first seen. */
interface SeenScript {
  url: string
  host: string
  hash: string | null
  score: number | null
  status: string
  since: number
}
interface SeenConnection {
  id: string
  url: string
  since: number
}
interface SeenPolicy {
  fp: string
  description: string
  action: string
  since: number
}

export interface StateItem {
  item_kind: string
  item_id: string
  seen: string
}

/** A finding before it is stored: `pagesOf` is filled in by the check for scripts (one detail read each). */
export interface Change {
  dedupe_key: string
  item_kind: 'script' | 'connection' | 'policy'
  item_id: string
  kinds: WatchChangeKind[]
  title: string
  detail: WatchAlertDetail
  script?: ZoneScript
}

const key = (...parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest('hex')
const short = (hash: string | null) => (hash ? hash.slice(0, 12) : 'none')
const fmtDate = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC').replace(/Z$/, ' UTC')

const TITLE: Record<WatchChangeKind, string> = {
  malicious: 'Malicious script',
  changed: 'Script code changed',
  new: 'New script',
  removed: 'Script no longer seen',
  infrequent: 'Script now infrequent',
  connection: 'New connection host',
  policy: 'Page-security policy changed',
}
/** The order a title picks its words in: the most urgent change first. */
const URGENCY: WatchChangeKind[] = ['malicious', 'changed', 'new', 'removed', 'infrequent', 'connection', 'policy']

function parse<T>(items: StateItem[], kind: string): Map<string, T> {
  return new Map(items.filter((i) => i.item_kind === kind).map((i) => [i.item_id, JSON.parse(i.seen) as T]))
}

const policyFp = (p: ZonePolicy) => JSON.stringify([p.description, p.action, p.expression, p.enabled, p.value])

/**
 * Compares what a zone shows now with what the last check saw, and with the review ledger. Changes
 * of one item in one check are one finding (grouped); an item whose state did not move gives none,
 * so nothing is repeated check after check. On a baseline (the zone's first check) nothing is reported.
 */
export function diffZone(
  zone: { id: string; name: string },
  previous: StateItem[],
  now: ZoneReading,
  reviews: ReviewRow[],
  at: number,
  baseline: boolean,
): { changes: Change[]; state: StateItem[] } {
  const changes: Change[] = []
  const state: StateItem[] = []
  const reviewOf = new Map(reviews.map((r) => [r.script_id, r]))

  const prevScripts = parse<SeenScript>(previous, 'script')
  const current = new Set<string>()
  for (const s of now.scripts) {
    current.add(s.id)
    const prev = prevScripts.get(s.id)
    const kinds: WatchChangeKind[] = []
    const words: string[] = []
    if (!prev) {
      kinds.push('new')
      words.push(`A script that was not on your pages before appeared: ${s.url}.`)
      if (isMalicious(s.js_integrity_score)) {
        kinds.push('malicious')
        words.push(`Its integrity score is ${s.js_integrity_score}, below ${MALICIOUS_JS_INTEGRITY_THRESHOLD}: it counts as malicious.`)
      }
    } else {
      if (prev.hash !== null && s.hash !== null && prev.hash !== s.hash) {
        kinds.push('changed')
        words.push(`Its code changed: the content hash was ${short(prev.hash)}… and is now ${short(s.hash)}….`)
      }
      if (!isMalicious(prev.score) && isMalicious(s.js_integrity_score)) {
        kinds.push('malicious')
        words.push(
          `Its integrity score fell from ${prev.score ?? 'none'} to ${s.js_integrity_score}, below ${MALICIOUS_JS_INTEGRITY_THRESHOLD}: it now counts as malicious.`,
        )
      }
      if (prev.status !== 'inactive' && s.status === 'inactive') {
        kinds.push('removed')
        words.push('It is no longer seen on your pages (inactive).')
      } else if (prev.status === 'active' && s.status === 'infrequent') {
        kinds.push('infrequent')
        words.push('It is now seen only infrequently on your pages.')
      }
    }
    const fp = `${s.hash}|${isMalicious(s.js_integrity_score)}|${s.status}`
    const prevFp = prev && `${prev.hash}|${isMalicious(prev.score)}|${prev.status}`
    const since = prev && prevFp === fp ? prev.since : at
    state.push({
      item_kind: 'script',
      item_id: s.id,
      seen: JSON.stringify({ url: s.url, host: s.host, hash: s.hash, score: s.js_integrity_score, status: s.status, since } satisfies SeenScript),
    })
    if (baseline || kinds.length === 0) continue
    const review = reviewOf.get(s.id)
    const counts = review !== undefined && review.script_hash === s.hash && review.js_integrity_score === s.js_integrity_score
    if (review && !counts) {
      words.push(
        `It was reviewed as "${REVIEW_VERDICT_LABEL[review.verdict as ReviewVerdict] ?? review.verdict}" by ${review.reviewer} on ${fmtDate(review.reviewed_at)}; that verdict no longer counts until someone reviews the script again.`,
      )
    } else if (!review) {
      words.push('Nobody has reviewed it yet.')
    }
    changes.push({
      dedupe_key: key(zone.id, 'script', s.id, prev?.since ?? 'none', fp),
      item_kind: 'script',
      item_id: s.id,
      kinds,
      title: `${URGENCY.filter((k) => kinds.includes(k)).map((k) => TITLE[k]).join(', ')}: ${s.url}`,
      script: s,
      detail: {
        zone_name: zone.name,
        url: s.url,
        host: s.host,
        pages: s.first_page_url ? [s.first_page_url] : [],
        scores: {
          js_integrity_score: s.js_integrity_score,
          malware_score: s.malware_score,
          magecart_score: s.magecart_score,
          cryptomining_score: s.cryptomining_score,
        },
        hash: s.hash,
        previous_hash: prev?.hash ?? null,
        verdict: review ? { verdict: review.verdict, note: review.note, reviewer: review.reviewer, reviewed_at: review.reviewed_at } : null,
        verdict_counts: counts,
        changes: words,
        link: `/zones/${zone.id}/page-shield/scripts/${s.id}`,
      },
    })
  }
  for (const [id, prev] of prevScripts) {
    if (current.has(id)) continue
    if (baseline || prev.status === 'inactive') continue
    changes.push({
      dedupe_key: key(zone.id, 'script', id, prev.since, 'gone'),
      item_kind: 'script',
      item_id: id,
      kinds: ['removed'],
      title: `${TITLE.removed}: ${prev.url}`,
      detail: {
        zone_name: zone.name,
        url: prev.url,
        host: prev.host,
        pages: [],
        scores: null,
        hash: prev.hash,
        previous_hash: prev.hash,
        verdict: null,
        verdict_counts: true,
        changes: [`The script ${prev.url} is no longer detected on your pages.`],
        link: `/zones/${zone.id}/page-shield/scripts/${id}`,
      },
    })
  }

  const prevHosts = parse<SeenConnection>(previous, 'connection')
  const hosts = new Map<string, (typeof now.connections)[number]>()
  for (const k of now.connections) if (!hosts.has(k.host)) hosts.set(k.host, k)
  for (const [host, k] of hosts) {
    const prev = prevHosts.get(host)
    state.push({ item_kind: 'connection', item_id: host, seen: JSON.stringify({ id: k.id, url: k.url, since: prev?.since ?? at } satisfies SeenConnection) })
    if (prev || baseline) continue
    changes.push({
      dedupe_key: key(zone.id, 'connection', host, 'none'),
      item_kind: 'connection',
      item_id: k.id,
      kinds: ['connection'],
      title: `${TITLE.connection}: ${host}`,
      detail: {
        zone_name: zone.name,
        url: k.url,
        host,
        pages: k.first_page_url ? [k.first_page_url] : [],
        scores: null,
        hash: null,
        previous_hash: null,
        verdict: null,
        verdict_counts: true,
        changes: [`Your pages now connect to a host they did not connect to before: ${host} (first seen with ${k.url}).`],
        link: `/zones/${zone.id}/page-shield/connections/${k.id}`,
      },
    })
  }
  // A host no longer connected to is kept in mind (not alerted): its return is not news.
  for (const [host, prev] of prevHosts) if (!hosts.has(host)) state.push({ item_kind: 'connection', item_id: host, seen: JSON.stringify(prev) })

  const prevPolicies = parse<SeenPolicy>(previous, 'policy')
  const policyChange = (id: string, p: { description: string; action: string }, since: string | number, fp: string, words: string) =>
    changes.push({
      dedupe_key: key(zone.id, 'policy', id, since, fp),
      item_kind: 'policy',
      item_id: id,
      kinds: ['policy'],
      title: `${TITLE.policy}: ${p.description || id}`,
      detail: {
        zone_name: zone.name,
        url: '',
        host: '',
        pages: [],
        scores: null,
        hash: null,
        previous_hash: null,
        verdict: null,
        verdict_counts: true,
        changes: [words],
        link: fp === 'gone' ? `/zones/${zone.id}/page-shield/policies` : `/zones/${zone.id}/page-shield/policies/${id}`,
      },
    })
  const seenPolicies = new Set<string>()
  for (const p of now.policies) {
    seenPolicies.add(p.id)
    const prev = prevPolicies.get(p.id)
    const fp = policyFp(p)
    const since = prev && prev.fp === fp ? prev.since : at
    state.push({ item_kind: 'policy', item_id: p.id, seen: JSON.stringify({ fp, description: p.description, action: p.action, since } satisfies SeenPolicy) })
    if (baseline || (prev && prev.fp === fp)) continue
    policyChange(
      p.id,
      p,
      prev?.since ?? 'none',
      fp,
      prev
        ? `The policy "${p.description}" (${p.action}, ${p.enabled ? 'on' : 'off'}) was changed: the header the service sends is now: ${p.value}`
        : `A policy was added: "${p.description}" (${p.action}, ${p.enabled ? 'on' : 'off'}), sending: ${p.value}`,
    )
  }
  for (const [id, prev] of prevPolicies) {
    if (seenPolicies.has(id) || baseline) continue
    policyChange(id, prev, prev.since, 'gone', `The policy "${prev.description}" (${prev.action}) was deleted: its header is no longer sent.`)
  }
  return { changes, state }
}
