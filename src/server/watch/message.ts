import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '../../shared/page-shield/review-verdicts'
import type { WatchAlertDetail, WatchChangeKind } from '../../shared/schemas/watch'
import type { WatchFinding } from '../store'
import { mailTime } from '../../shared/words'

/** A finding as people receive it: e-mail text and the webhook's JSON. Never HTML: its values come from monitored pages. */
export interface AlertMessage {
  subject: string
  text: string
  json: Record<string, unknown>
}

// The JSON keeps ISO times (for programs); the text says them as mail does everywhere (mailTime).
const iso = (ms: number) => new Date(ms).toISOString()
const score = (n: number | null | undefined) => (n === null || n === undefined ? 'none' : String(n))

export function alertMessage(f: WatchFinding, publicUrl: string): AlertMessage {
  const d = JSON.parse(f.detail) as WatchAlertDetail
  const kinds = JSON.parse(f.kinds) as WatchChangeKind[]
  const link = publicUrl.replace(/\/+$/, '') + d.link
  const lines = [`Zonekeeper script watch: ${d.zone_name}`, '', f.title, '', 'What changed:', ...d.changes.map((w) => `- ${w}`), '']
  if (d.url) lines.push(`${f.item_kind === 'script' ? 'Script' : 'Address'}: ${d.url}`)
  if (d.pages.length) lines.push('Pages that load it:', ...d.pages.slice(0, 20).map((p) => `- ${p}`))
  if (d.scores) {
    lines.push(
      `Scores (1 to 99, lower is worse): integrity ${score(d.scores.js_integrity_score)}, malware ${score(d.scores.malware_score)}, card skimming ${score(d.scores.magecart_score)}, crypto-mining ${score(d.scores.cryptomining_score)}`,
    )
  }
  if (f.item_kind === 'script') {
    lines.push(
      d.verdict
        ? `Verdict it had: ${REVIEW_VERDICT_LABEL[d.verdict.verdict as ReviewVerdict] ?? d.verdict.verdict}, by ${d.verdict.reviewer} on ${mailTime(d.verdict.reviewed_at)} ("${d.verdict.note}")${d.verdict_counts ? '' : '; it no longer counts until someone reviews the script again'}.`
        : 'Verdict it had: none (never reviewed).',
    )
  }
  lines.push('', `Review it: ${link}`, '', `Detected by the check of ${mailTime(f.created_at)} (alert ${f.id}).`)
  return {
    subject: `[Zonekeeper] ${d.zone_name}: ${f.title}`.slice(0, 250),
    text: lines.join('\n') + '\n',
    json: {
      type: 'zonekeeper.watch.alert',
      alert: {
        id: f.id,
        zone_id: f.zone_id,
        zone_name: d.zone_name,
        detected_at: iso(f.created_at),
        item_kind: f.item_kind,
        item_id: f.item_id,
        kinds,
        title: f.title,
        changes: d.changes,
        url: d.url,
        host: d.host,
        pages: d.pages,
        scores: d.scores,
        hash: d.hash,
        previous_hash: d.previous_hash,
        verdict: d.verdict,
        verdict_counts: d.verdict_counts,
        link,
      },
    },
  }
}

/**
 * A channel's test message, asked for by a person ("Send a test"): marked as a test in its subject,
 * its first line and its JSON type, so that no receiver takes it for an alert.
 */
export function testMessage(zone: { id: string; name: string }, publicUrl: string, by: string, at: number): AlertMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/zones/${zone.id}/page-shield/alerts`
  const lines = [
    'TEST MESSAGE: nothing changed, no action is needed.',
    '',
    `Zonekeeper script watch: ${zone.name}`,
    '',
    `${by} sent this test at ${mailTime(at)} to check that alerts reach this channel.`,
    'Real alerts come here the same way when a check finds a change.',
    '',
    `The zone's alerts: ${link}`,
  ]
  return {
    subject: `[Zonekeeper] TEST: ${zone.name}: script watch channel test`.slice(0, 250),
    text: lines.join('\n') + '\n',
    json: {
      type: 'zonekeeper.watch.test',
      test: true,
      zone_id: zone.id,
      zone_name: zone.name,
      sent_at: iso(at),
      sent_by: by,
      message: 'Test message: nothing changed, no action is needed.',
      link,
    },
  }
}
