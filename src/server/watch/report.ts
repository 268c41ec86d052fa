import { html, raw } from 'hono/html'
import { toCsv } from '../../shared/page-shield/csv'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '../../shared/page-shield/review-verdicts'
import type { WatchAlertDetail } from '../../shared/schemas/watch'
import type { ReviewRow, Store, WatchDelivery, WatchFinding, WatchRun } from '../store'
import { watchRunWords } from '../../shared/page-shield/watch-run-words'

/** PCI DSS 11.6.1: a check at least once every seven days; a longer gap is flagged. */
export const MAX_GAP_MS = 7 * 24 * 60 * 60_000

export interface ReportData {
  zone: { id: string; name: string }
  from: number
  to: number
  generatedAt: number
  inventory: {
    script_id: string
    url: string
    status: string
    hash: string | null
    js_integrity_score: number | null
    review: ReviewRow | undefined
    /** The verdict matches the script as it is now (same code, same integrity score). */
    counts: boolean
  }[]
  changes: {
    finding: WatchFinding
    detail: WatchAlertDetail
    deliveries: WatchDelivery[]
    /** The first review of the item recorded after the alert. */
    reviewedAfter: ReviewRow | undefined
  }[]
  runs: WatchRun[]
  gaps: { from: number; to: number }[]
}

interface SeenScript {
  url: string
  hash: string | null
  score: number | null
  status: string
}

export async function buildReport(store: Store, zone: { id: string; name: string }, from: number, to: number): Promise<ReportData> {
  const [state, latest, all, runs, findings, before] = await Promise.all([
    store.watch.state(zone.id),
    store.reviews.latest(zone.id),
    store.reviews.all(zone.id),
    store.watch.runs(zone.id, from, to),
    store.watch.findings(zone.id, from, to),
    store.watch.runBefore(zone.id, from),
  ])
  const reviewOf = new Map(latest.map((r) => [r.script_id, r]))
  const inventory = state
    .filter((s) => s.item_kind === 'script')
    .map((s) => {
      const seen = JSON.parse(s.seen) as SeenScript
      const review = reviewOf.get(s.item_id)
      return {
        script_id: s.item_id,
        url: seen.url,
        status: seen.status,
        hash: seen.hash,
        js_integrity_score: seen.score,
        review,
        counts: review !== undefined && review.script_hash === seen.hash && review.js_integrity_score === seen.score,
      }
    })
    .sort((a, b) => a.url.localeCompare(b.url))
  const deliveries = await store.watch.deliveries(findings.map((f) => f.id))
  const changes = findings
    .slice()
    .reverse()
    .map((finding) => ({
      finding,
      detail: JSON.parse(finding.detail) as WatchAlertDetail,
      deliveries: deliveries.filter((d) => d.finding_id === finding.id),
      reviewedAfter: all.find((r) => r.script_id === finding.item_id && Date.parse(r.reviewed_at) >= finding.created_at),
    }))
  // Gaps: from the last check before the period (or its start), between checks, and up to its end (or now).
  const gaps: { from: number; to: number }[] = []
  // Only checks that looked at the zone count: a failed one, or one skipped while monitoring was off, does not.
  const done = runs.filter((r) => r.outcome === 'ok' || r.outcome === 'baseline')
  let last = before && (before.outcome === 'ok' || before.outcome === 'baseline') ? before.started_at : from
  for (const r of done) {
    if (r.started_at - last > MAX_GAP_MS) gaps.push({ from: last, to: r.started_at })
    last = r.started_at
  }
  const end = Math.min(to, Date.now())
  if (end - last > MAX_GAP_MS) gaps.push({ from: last, to: end })
  return { zone, from, to, generatedAt: Date.now(), inventory, changes, runs, gaps }
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))
const verdictWord = (r: ReviewRow | undefined) => (r ? (REVIEW_VERDICT_LABEL[r.verdict as ReviewVerdict] ?? r.verdict) : '')
/** Markup built with Hono's `html` tagged template (as the sign-in pages are, src/server/auth/pages.ts). */
type Markup = ReturnType<typeof html>

const deliveryWords = (d: WatchDelivery) =>
  `${d.channel_kind} ${d.channel_target}: ${d.status}${d.sent_at ? ` at ${iso(d.sent_at)}` : ''}, ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${d.last_error ? ` (${d.last_error})` : ''}`

/** The report as one CSV: a `record` column says which part each row belongs to. */
export function reportCsv(r: ReportData): string {
  const columns = ['record', 'at', 'item', 'url', 'what', 'verdict', 'justification', 'reviewer', 'reviewed_at', 'outcome', 'detail'] as const
  type Row = Partial<Record<(typeof columns)[number], string | number | null>>
  const rows: Row[] = []
  for (const s of r.inventory) {
    rows.push({
      record: 'inventory',
      item: s.script_id,
      url: s.url,
      what: `status ${s.status}; integrity ${s.js_integrity_score ?? 'none'}; hash ${s.hash ?? 'none'}`,
      verdict: verdictWord(s.review),
      justification: s.review?.note,
      reviewer: s.review?.reviewer,
      reviewed_at: s.review?.reviewed_at,
      outcome: s.review ? (s.counts ? 'verdict counts' : 'changed since review: verdict no longer counts') : 'never reviewed',
    })
  }
  for (const c of r.changes) {
    rows.push({
      record: 'change',
      at: iso(c.finding.created_at),
      item: c.finding.item_id,
      url: c.detail.url,
      what: c.finding.title,
      verdict: c.reviewedAfter ? verdictWord(c.reviewedAfter) : '',
      justification: c.reviewedAfter?.note,
      reviewer: c.reviewedAfter?.reviewer,
      reviewed_at: c.reviewedAfter?.reviewed_at,
      outcome: c.reviewedAfter ? 'reviewed after the alert' : 'not reviewed since the alert',
      detail: c.deliveries.map(deliveryWords).join(' | ') || 'no channel set',
    })
  }
  for (const run of r.runs) {
    rows.push({
      record: 'check',
      at: iso(run.started_at),
      what: watchRunWords(run),
      outcome: run.outcome,
      detail: run.error ?? `by ${run.holder}, finished ${iso(run.finished_at)}`,
    })
  }
  for (const g of r.gaps) rows.push({ record: 'gap', at: iso(g.from), what: `No check from ${iso(g.from)} to ${iso(g.to)} (more than 7 days)`, outcome: 'gap' })
  return toCsv(columns, rows)
}

/** The report as a page that prints well (Hono's `html`: every value put in it is text, escaped; scripts' URLs and notes are never markup). */
// The markup as it is served (prettier would reflow the html templates):
// prettier-ignore
export function reportHtml(r: ReportData): Markup {
  const row = (cells: unknown[], cls = '') => {
    const tds = cells.map((c) => html`<td>${String(c ?? '')}</td>`)
    return cls ? html`<tr class="${cls}">${tds}</tr>` : html`<tr>${tds}</tr>`
  }
  const head = (cells: string[]) => html`<thead><tr>${cells.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>`
  const inventory = r.inventory.map((s) =>
    row(
      [s.url, s.status, s.js_integrity_score ?? 'none', verdictWord(s.review) || 'Never reviewed', s.review?.note ?? '', s.review ? `${s.review.reviewer}, ${s.review.reviewed_at}` : '', s.review ? (s.counts ? 'Counts' : 'Changed since review: no longer counts') : ''],
      s.review && !s.counts ? 'warn' : '',
    ),
  )
  const changes = r.changes.map((c) =>
    row(
      [
        iso(c.finding.created_at),
        c.finding.title,
        c.detail.changes.join(' '),
        c.deliveries.map(deliveryWords).join('; ') || 'No channel set',
        c.reviewedAfter ? `${verdictWord(c.reviewedAfter)} by ${c.reviewedAfter.reviewer} on ${c.reviewedAfter.reviewed_at}: ${c.reviewedAfter.note}` : 'Not reviewed since the alert',
      ],
      c.deliveries.some((d) => d.status === 'failed') ? 'warn' : '',
    ),
  )
  const runs = r.runs.map((run) =>
    row([iso(run.started_at), run.outcome, run.scripts_seen, run.connections_seen, run.findings, run.error ?? '', run.holder], run.outcome === 'failed' ? 'warn' : ''),
  )
  const gaps = r.gaps.map((g) => html`<li class="gap">No check from ${iso(g.from)} to ${iso(g.to)}: longer than seven days.</li>`)
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Script watch report: ${r.zone.name}</title>
<style>${raw(STYLE)}</style></head><body>
<h1>Script watch report: ${r.zone.name}</h1>
<p>Period ${iso(r.from)} to ${iso(r.to)}. Generated ${iso(r.generatedAt)}. PCI DSS 6.4.3 (inventory with verdicts) and 11.6.1 (change detection at least every seven days, alerts and what followed).</p>
<h2>Checks that ran (${r.runs.length})</h2>
${gaps.length ? html`<ul>${gaps}</ul>` : html`<p class="ok">No gap longer than seven days between checks in this period.</p>`}
<table>${head(['Started', 'Outcome', 'Scripts seen', 'Connections seen', 'Changes', 'Error', 'Instance'])}<tbody>${runs}</tbody></table>
<h2>Changes detected (${r.changes.length})</h2>
<table>${head(['Detected', 'Change', 'In words', 'Alerts delivered', 'Review after the alert'])}<tbody>${changes}</tbody></table>
<h2>Script inventory (${r.inventory.length})</h2>
<table>${head(['Script', 'Status', 'Integrity', 'Verdict', 'Justification', 'Reviewed by, at', 'Verdict state'])}<tbody>${inventory}</tbody></table>
</body></html>
`
}

/** The page's own style (a constant of this file, the only markup put in raw). */
const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#111}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{border:1px solid #bbb;padding:.3rem .45rem;text-align:left;vertical-align:top;word-break:break-word}
th{background:#eee}tr.warn td{background:#fdecec}.gap{color:#b00020;font-weight:600}.ok{color:#176317}
@media print{body{margin:0;font-size:11px}h2{break-after:avoid}tr{break-inside:avoid}th{background:#eee!important;-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`
