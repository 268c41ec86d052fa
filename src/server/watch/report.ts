import { html, raw } from 'hono/html'
import { toCsv } from '../../shared/page-shield/csv'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '../../shared/page-shield/review-verdicts'
import type { WatchAlertDetail } from '../../shared/schemas/watch'
import type { ReviewRow, Store, WatchDelivery, WatchFinding, WatchRun } from '../store'
import { watchRunWords } from '../../shared/page-shield/watch-run-words'
import {
  PLACE_LABEL,
  PLACES,
  readInventory,
  summarise,
  type InventoryPlace,
  type InventoryRow,
  type InventorySource,
  type Summary,
} from './inventory'
import type { Send } from '../upstream'
import { onPaymentPage, paymentPatterns } from '../local/page-patterns'
// The report is read (and passed on as evidence) by viewers too: a webhook's secrets never in it.
import { publicTarget } from './public-target'

/** PCI DSS 11.6.1: a check at least once every seven days; a longer gap is flagged. */
export const MAX_GAP_MS = 7 * 24 * 60 * 60_000

export interface ReportData {
  zone: { id: string; name: string }
  from: number
  to: number
  generatedAt: number
  /** Every script of the inventory, by URL, each with its place in the summary. */
  inventory: InventoryRow[]
  /** Where the inventory was read from, and as of when. */
  source: InventorySource
  changes: {
    finding: WatchFinding
    detail: WatchAlertDetail
    deliveries: WatchDelivery[]
    /** The first review of the item recorded after the alert. */
    reviewedAfter: ReviewRow | undefined
  }[]
  runs: WatchRun[]
  gaps: { from: number; to: number }[]
  /**
   * The zone's payment pages (patterns) and, when the report is scoped to them, how many scripts
   * the whole inventory holds (`of`): `inventory` then holds only the scripts seen on a payment page.
   * `onPayment`: how many scripts of the whole inventory were seen on one.
   */
  payment?: { patterns: string[]; scoped: boolean; of: number; onPayment: number }
}

/**
 * `mode` names the dashboard's script index to read the inventory from (the one the Page security
 * screens read in this mode); `send` reads the API when there is neither an index nor a check yet.
 */
export async function buildReport(
  store: Store,
  zone: { id: string; name: string },
  from: number,
  to: number,
  options: { mode?: 'live' | 'sandbox'; send?: Send; scope?: 'payment' } = {},
): Promise<ReportData> {
  const [{ rows: inventory, source }, all, runs, findings, before] = await Promise.all([
    readInventory(store, zone.id, options),
    store.reviews.all(zone.id),
    store.watch.runs(zone.id, from, to),
    store.watch.findings(zone.id, from, to),
    store.watch.runBefore(zone.id, from),
  ])
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
  // A check's state keeps no pages: the newest alert's (read from the script's detail when it was raised) fill them in.
  const alertPages = new Map(
    [...changes]
      .reverse()
      .filter((c) => c.detail.pages?.length)
      .map((c) => [c.finding.item_id, c.detail.pages]),
  )
  for (const s of inventory) if (!s.pages.length) s.pages = alertPages.get(s.script_id) ?? []
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
  // Payment pages: the same rule as the scripts page's scope (a page the script was seen on matches).
  const patterns = await paymentPatterns(store, zone.id)
  const onPayment = inventory.filter((s) => onPaymentPage(patterns, s.pages))
  const payment = patterns.length || options.scope
    ? { patterns: patterns.map((p) => p.pattern), scoped: options.scope === 'payment', of: inventory.length, onPayment: onPayment.length }
    : undefined
  const rows = options.scope === 'payment' ? onPayment : inventory
  return { zone, from, to, generatedAt: Date.now(), inventory: rows, source, changes, runs, gaps, payment }
}

/** Markup built with Hono's `html` tagged template (as the sign-in pages are, src/server/auth/pages.ts). */
type Markup = ReturnType<typeof html>

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')
/** Milliseconds, or an ISO time as the ledger keeps it; undefined when there is none or it does not parse. */
const msOf = (t: number | string | null | undefined) =>
  t === null || t === undefined || t === ''
    ? undefined
    : typeof t === 'number'
      ? t
      : Number.isNaN(Date.parse(t))
        ? undefined
        : Date.parse(t)
/** The CSV's one time format: ISO 8601 in UTC, to the second. */
const isoOf = (t: number | string | null | undefined) => {
  const ms = msOf(t)
  return ms === undefined ? (typeof t === 'string' ? t : '') : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z')
}
/** The page's one time format, read by people: "1 Nov 2026, 12:00 UTC". */
function readableUtc(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`
}
/** A time on the page: readable, with the exact ISO value in `datetime` for machines. */
const when = (t: number | string | null | undefined): Markup | string => {
  const ms = msOf(t)
  if (ms === undefined) return typeof t === 'string' ? t : ''
  return html`<time datetime="${isoOf(ms)}">${readableUtc(ms)}</time>`
}
const fmt = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`
const percent = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10} %`

const verdictWord = (r: ReviewRow | undefined) => (r ? (REVIEW_VERDICT_LABEL[r.verdict as ReviewVerdict] ?? r.verdict) : '')
/** Who gave the verdict: the reviewer, or the pattern verdict it was inherited from and who set it. */
const byWords = (r: ReviewRow) => (r.pattern_id != null ? `pattern ${r.pattern ?? ''} set by ${r.reviewer}` : r.reviewer)
/** What the scope is, in one sentence (the page's scope line, the CSV's scope row). */
const paymentWords = (p: NonNullable<ReportData['payment']>) => {
  const which = p.patterns.length ? `payment pages (${p.patterns.join(', ')})` : 'payment pages (none marked for this zone)'
  const rule = 'a script counts when one of the pages the API reports it was seen on matches (for most scripts the API reports only the first page it was seen on, so a script also loaded on a payment page later may be missing)'
  return p.scoped
    ? `Scope: scripts on ${which}: ${fmt(p.onPayment)} of ${plural(p.of, 'script')} of the inventory; ${rule}. Without this scope the report covers every script.`
    : `Scripts on ${which}: ${fmt(p.onPayment)} of ${plural(p.of, 'script')}; ${rule}. This report covers every script; add scope=payment to its address for those alone.`
}
/** Whether the verdict still counts, in words (the same in the page and the CSV). */
const verdictState = (s: InventoryRow) =>
  s.state === 'new'
    ? 'Never reviewed'
    : s.state === 'changed'
      ? 'Changed since review: the verdict no longer counts'
      : 'Counts: reviewed as it is now'

const deliveryWords = (d: WatchDelivery, at: (ms: number) => string) =>
  `${d.channel_kind} ${publicTarget(d.channel_kind, d.channel_target)}: ${d.status}${d.sent_at ? ` at ${at(d.sent_at)}` : ''}, ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}${d.last_error ? ` (${d.last_error})` : ''}`

const ALL_STATUSES = 'every status (active, infrequent, inactive)'

/** A tagged template that joins as plain text (the CSV's), beside Hono's `html` (the page's, escaping). */
type Tag = (strings: TemplateStringsArray, ...values: unknown[]) => Markup | string
const text: Tag = (strings, ...values) =>
  strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '')

/** What the inventory is and as of when, in one sentence (the page's scope line, the CSV's scope row). */
function sourceWords(t: Tag, source: InventorySource, count: number, at: (ms: number) => Markup | string): Markup | string {
  const n = plural(count, 'script')
  switch (source.kind) {
    case 'index': {
      const newer =
        source.lastCheckAt !== null && source.lastCheckAt > source.at
          ? t` The last watch check, at ${at(source.lastCheckAt)}, is newer: opening Page security → Scripts brings the index up to date.`
          : ''
      return t`Inventory as of ${at(source.at)}: the ${n} the Page security screens list for this zone, ${ALL_STATUSES}, from the dashboard's index of the zone's scripts as it was last brought up to date (the service's own /cdn-cgi/ scripts and superseded duplicates are left out, as on those screens).${newer}`
    }
    case 'check':
      return source.at === null
        ? t`Inventory: the ${n} the last completed watch check saw (its time is no longer among the 200 most recent checks), ${ALL_STATUSES}, the service's own /cdn-cgi/ scripts and duplicates included.`
        : t`Inventory as of ${at(source.at)}: the ${n} the last completed watch check saw at that time, ${ALL_STATUSES}, the service's own /cdn-cgi/ scripts and duplicates included (so figures can be higher than the Page security screens'). The dashboard's index of the zone's scripts has not been read whole yet; pages are known only for scripts that raised an alert in this period.`
    case 'read':
      return t`Inventory as of ${at(source.at)}: the ${n} read from the API for this report at that time, ${ALL_STATUSES} (the service's own /cdn-cgi/ scripts and superseded duplicates left out, as on the Page security screens): no watch check has run for this zone yet, and its script index was never read whole.`
    case 'none':
      return t`No inventory as of ${at(source.at)}: no watch check has run for this zone, its script index was never read whole, and the API could not be read (${source.error}).`
  }
}

/** The report as one CSV: a `record` column says which part each row belongs to; every row, every time in ISO 8601 UTC. */
export function reportCsv(r: ReportData): string {
  const columns = [
    'record',
    'at',
    'item',
    'url',
    'status',
    'pages',
    'place',
    'what',
    'verdict',
    'justification',
    'reviewer',
    'reviewed_at',
    'outcome',
    'detail',
    'pattern',
  ] as const
  type Row = Partial<Record<(typeof columns)[number], string | number | null>>
  const rows: Row[] = [
    {
      record: 'scope',
      at: isoOf(r.source.at ?? undefined),
      what: String(sourceWords(text, r.source, r.inventory.length, isoOf)),
      detail: `zone ${r.zone.name} (${r.zone.id}); changes and checks from ${isoOf(r.from)} to ${isoOf(r.to)}; generated ${isoOf(r.generatedAt)}`,
    },
    ...(r.payment ? [{ record: 'scope', what: paymentWords(r.payment), detail: r.payment.scoped ? 'payment pages' : 'every script' }] : []),
  ]
  for (const [statuses, s] of [
    ['active', summarise(r.inventory.filter((x) => x.status === 'active'))],
    ['all', summarise(r.inventory)],
  ] as const) {
    for (const p of s.places)
      rows.push({
        record: 'summary',
        status: statuses,
        place: PLACE_LABEL[p.place],
        what: `${p.count} of ${s.total}`,
        outcome: percent(p.tenths),
      })
  }
  for (const s of r.inventory) {
    rows.push({
      record: 'inventory',
      item: s.script_id,
      url: s.url,
      status: s.status,
      pages: s.pages.join(' '),
      place: PLACE_LABEL[s.place],
      what: `integrity ${s.js_integrity_score ?? 'none'}; hash ${s.hash ?? 'none'}`,
      verdict: verdictWord(s.review),
      justification: s.review?.note,
      reviewer: s.review?.reviewer,
      reviewed_at: isoOf(s.review?.reviewed_at),
      pattern: s.review?.pattern ?? '',
      // The CSV's words as before (spreadsheets filter on them); the page says the same in sentences.
      outcome:
        s.state === 'new'
          ? 'never reviewed'
          : s.state === 'changed'
            ? 'changed since review: verdict no longer counts'
            : 'verdict counts',
    })
  }
  for (const c of r.changes) {
    rows.push({
      record: 'change',
      at: isoOf(c.finding.created_at),
      item: c.finding.item_id,
      url: c.detail.url,
      pages: c.detail.pages?.join(' '),
      what: c.finding.title,
      verdict: c.reviewedAfter ? verdictWord(c.reviewedAfter) : '',
      justification: c.reviewedAfter?.note,
      reviewer: c.reviewedAfter?.reviewer,
      reviewed_at: isoOf(c.reviewedAfter?.reviewed_at),
      outcome: c.reviewedAfter ? 'reviewed after the alert' : 'not reviewed since the alert',
      detail: c.deliveries.map((d) => deliveryWords(d, isoOf)).join(' | ') || 'no channel set',
    })
  }
  for (const run of r.runs) {
    rows.push({
      record: 'check',
      at: isoOf(run.started_at),
      what: watchRunWords(run),
      outcome: run.outcome,
      detail: run.error ?? `by ${run.holder}, finished ${isoOf(run.finished_at)}`,
    })
  }
  for (const g of r.gaps)
    rows.push({
      record: 'gap',
      at: isoOf(g.from),
      what: `No check from ${isoOf(g.from)} to ${isoOf(g.to)} (more than 7 days)`,
      outcome: 'gap',
    })
  return toCsv(columns, rows)
}

/**
 * How many rows of each long part the page lists: a 20,000-script zone stays a page a person can
 * open and print; the page says what it leaves out and links the CSV, which has every row.
 */
const PAGE_LIMITS = { inventory: 1000, changes: 500, runs: 500 }

/** The report as a page that prints well (Hono's `html`: every value put in it is text, escaped; scripts' URLs and notes are never markup). */
// The markup as it is served (prettier would reflow the html templates):
// prettier-ignore
export function reportHtml(r: ReportData, options: { csvHref?: string; limits?: typeof PAGE_LIMITS } = {}): Markup {
  const limits = options.limits ?? PAGE_LIMITS
  const csv = options.csvHref ?? `report.csv?from=${encodeURIComponent(isoOf(r.from))}&to=${encodeURIComponent(isoOf(r.to))}${r.payment?.scoped ? '&scope=payment' : ''}`
  const csvLink = html`<a href="${csv}">the CSV</a>`
  const cell = (c: unknown) => html`<td>${c === null || c === undefined ? '' : typeof c === 'object' ? c : String(c)}</td>`
  const row = (cells: unknown[], cls = '') => (cls ? html`<tr class="${cls}">${cells.map(cell)}</tr>` : html`<tr>${cells.map(cell)}</tr>`)
  const head = (cells: string[]) => html`<thead><tr>${cells.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>`
  /** A wide table scrolls inside its own labelled region on a phone, never the page sideways. */
  const table = (id: string, label: string, cols: string[], rows: unknown[], cls = '') =>
    html`<div class="region" role="region" aria-label="${label}" tabindex="0" id="${id}"><table class="${cls}">${head(cols)}<tbody>${rows}</tbody></table></div>`
  const pagesCell = (pages: string[]) =>
    pages.length === 0 ? 'Not known' : html`${pages.slice(0, 3).map((p, i) => html`${i ? html`<br>` : ''}${p}`)}${pages.length > 3 ? html`<br><span class="more">and ${plural(pages.length - 3, 'more page')}</span>` : ''}`

  // The summary: active scripts (as the screens' tiles count them) and every status.
  const active = summarise(r.inventory.filter((s) => s.status === 'active'))
  const every = summarise(r.inventory)
  /** One table per scope: three columns each, so both fit a phone; side by side when there is room. */
  const summaryTable = (id: string, title: string, sum: Summary) => html`<table class="summary" id="${id}"><caption>${title}: ${plural(sum.total, 'script')}</caption>
<thead><tr><th scope="col">Where the script stands</th><th scope="col">Scripts</th><th scope="col">Share</th></tr></thead>
<tbody>${sum.places.map((p) => html`<tr><th scope="row">${PLACE_LABEL[p.place]}</th><td class="n">${fmt(p.count)}</td><td class="n">${percent(p.tenths)}</td></tr>`)}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="n">${fmt(sum.total)}</td><td class="n">${sum.total ? '100.0 %' : ''}</td></tr></tfoot>
</table>`
  const screensWords = (label: string, s: Summary) =>
    html`<li>${label}: ${fmt(s.screens.new + s.screens.changed + s.screens.investigating)} to review (${fmt(s.screens.new)} never reviewed, ${fmt(s.screens.changed)} changed since review, ${fmt(s.screens.investigating)} marked Investigate), ${fmt(s.screens.reviewed)} reviewed and done${s.screens.by_pattern ? ` (${fmt(s.screens.by_pattern)} of them by a pattern verdict)` : ''} (${fmt(s.total)} in all); ${fmt(s.screens.malicious)} malicious (integrity score below 10).</li>`

  // The inventory in detail, grouped by place (what needs attention first), at most `limits.inventory` rows in all.
  let room = limits.inventory
  const byPlace = new Map<InventoryPlace, InventoryRow[]>(PLACES.map((p) => [p, []]))
  for (const s of r.inventory) byPlace.get(s.place)!.push(s)
  const groups = PLACES.map((p) => {
    const rows = byPlace.get(p)!
    const shown = rows.slice(0, Math.max(0, room))
    room -= shown.length
    return { place: p, rows, shown }
  })
  const listed = groups.reduce((n, g) => n + g.shown.length, 0)
  const groupHtml = groups.filter((g) => g.rows.length).map((g) => html`
<h3 id="place-${g.place}">${PLACE_LABEL[g.place]}: ${plural(g.rows.length, 'script')}</h3>
${g.shown.length < g.rows.length ? html`<p class="partial">This page lists ${g.shown.length ? `the first ${fmt(g.shown.length)} of these, by URL` : 'none of these'}; ${csvLink} has all ${fmt(g.rows.length)}.</p>` : ''}
${g.shown.length ? table(`inventory-${g.place}`, `${PLACE_LABEL[g.place]}: scripts`, ['Script', 'Pages seen on', 'Status', 'Integrity', 'Verdict', 'Justification', 'Reviewed by, at', 'Verdict state'],
    g.shown.map((s) => row(
      [s.url, pagesCell(s.pages), s.status, s.js_integrity_score ?? 'none', verdictWord(s.review) || 'Never reviewed', s.review?.note ?? '', s.review ? html`${byWords(s.review)}, ${when(s.review.reviewed_at)}` : '', verdictState(s)],
      g.place === 'unauthorised' || g.place === 'changed' ? 'warn' : '',
    )), 'inv') : ''}`)

  const changesShown = r.changes.slice(0, limits.changes)
  const changes = changesShown.map((c) =>
    row(
      [
        when(c.finding.created_at),
        c.finding.title,
        c.detail.changes.join(' '),
        c.deliveries.map((d) => deliveryWords(d, readableUtc)).join('; ') || 'No channel set',
        c.reviewedAfter ? html`${verdictWord(c.reviewedAfter)} by ${c.reviewedAfter.reviewer} on ${when(c.reviewedAfter.reviewed_at)}: ${c.reviewedAfter.note}` : 'Not reviewed since the alert',
      ],
      c.deliveries.some((d) => d.status === 'failed') ? 'warn' : '',
    ),
  )
  // The most recent checks when there are more than the page lists.
  const runsShown = r.runs.slice(Math.max(0, r.runs.length - limits.runs))
  const runs = runsShown.map((run) =>
    row([when(run.started_at), run.outcome, run.scripts_seen, run.connections_seen, run.findings, run.error ?? '', run.holder], run.outcome === 'failed' ? 'warn' : ''),
  )
  const gaps = r.gaps.map((g) => html`<li class="gap">No check from ${when(g.from)} to ${when(g.to)}: longer than seven days.</li>`)
  const whole = listed === r.inventory.length && changesShown.length === r.changes.length && runsShown.length === r.runs.length
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Script watch report: ${r.zone.name}</title>
<style>${raw(STYLE)}</style></head><body>
<header>
<h1>Script watch report: ${r.zone.name}</h1>
<p>PCI DSS 6.4.3 (inventory of the scripts on the zone's pages, each authorised with a justification) and 11.6.1 (change detection at least every seven days, its alerts and what followed).</p>
<h2 id="scope">What this report covers</h2>
<ul class="scope">
<li>Zone ${r.zone.name} (${r.zone.id}).</li>
<li id="scope-inventory">${sourceWords(html, r.source, r.payment?.scoped ? r.payment.of : r.inventory.length, when)}</li>
${r.payment ? html`<li id="scope-payment">${paymentWords(r.payment)}</li>` : ''}
<li>Changes detected and checks that ran: from ${when(r.from)} to ${when(r.to)}.</li>
<li>Generated ${when(r.generatedAt)}. Every time is UTC.</li>
${whole
    ? html`<li id="scope-page">This page lists every figure and every row; ${csvLink} holds the same.`
    : html`<li id="scope-page" class="partial">This page lists every figure; in detail, ${listed < r.inventory.length ? `${fmt(listed)} of ${plural(r.inventory.length, 'script')} (those needing attention first)` : 'every script'}, ${changesShown.length < r.changes.length ? `the latest ${fmt(changesShown.length)} of ${plural(r.changes.length, 'change')}` : 'every change'} and ${runsShown.length < r.runs.length ? `the latest ${fmt(runsShown.length)} of ${plural(r.runs.length, 'check')}` : 'every check'}: ${csvLink} has every row.`}</li>
</ul>
<nav aria-label="Parts of the report"><a href="#summary">Summary</a> · <a href="#checks">Checks</a> · <a href="#changes">Changes</a> · <a href="#inventory">Inventory</a></nav>
</header>
<main>
<h2 id="summary">Summary</h2>
<p>Each table adds up to its total; shares to one decimal add up to 100.0 %.</p>
<div class="sums">${summaryTable('summary-active', 'Active scripts', active)}${summaryTable('summary-all', 'Every status (active, infrequent, inactive)', every)}</div>
<p>A malicious (integrity score below 10) or rejected ("Malicious: remove") script counts as unauthorised whatever its review; the other places follow the review states. As the Page security screens count the same scripts:</p>
<ul>${screensWords('Active', active)}${screensWords('Every status', every)}</ul>
<h2 id="checks">Checks that ran (${fmt(r.runs.length)})</h2>
${gaps.length ? html`<ul>${gaps}</ul>` : html`<p class="ok">No gap longer than seven days between checks in this period.</p>`}
${runsShown.length < r.runs.length ? html`<p class="partial">The latest ${fmt(runsShown.length)} of ${fmt(r.runs.length)} checks; ${csvLink} has every one.</p>` : ''}
${runs.length ? table('checks-table', 'Checks that ran', ['Started', 'Outcome', 'Scripts seen', 'Connections seen', 'Changes', 'Error', 'Instance'], runs) : html`<p>No check ran in this period.</p>`}
<h2 id="changes">Changes detected (${fmt(r.changes.length)})</h2>
${changesShown.length < r.changes.length ? html`<p class="partial">The latest ${fmt(changesShown.length)} of ${fmt(r.changes.length)} changes; ${csvLink} has every one.</p>` : ''}
${changes.length ? table('changes-table', 'Changes detected', ['Detected', 'Change', 'In words', 'Alerts delivered', 'Review after the alert'], changes, 'chg') : html`<p>No change was detected in this period.</p>`}
<h2 id="inventory">Script inventory (${fmt(r.inventory.length)})</h2>
<p>Grouped by where each script stands, what needs attention first; by URL within each group.${listed < r.inventory.length ? html` <span class="partial">This page lists ${fmt(listed)} of ${fmt(r.inventory.length)}: ${csvLink} has every script.</span>` : ''}</p>
${groupHtml}
</main>
</body></html>
`
}

/** The page's own style (a constant of this file, the only markup put in raw). */
const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#111;background:#fff;overflow-wrap:break-word}h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem;margin-top:1.5rem}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{border:1px solid #bbb;padding:.3rem .45rem;text-align:left;vertical-align:top}.inv td:nth-child(-n+2),.chg td:nth-child(4){overflow-wrap:anywhere}
th{background:#f1f1f1}caption{text-align:left;font-weight:600;padding-bottom:.3rem}.sums{display:flex;flex-wrap:wrap;gap:0 2rem}.sums table{flex:1 1 18rem;width:auto}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tfoot th,tfoot td{font-weight:600}tr.warn td{background:#fdecec}tr.warn td:first-child{box-shadow:inset 4px 0 #b00020}
.gap{color:#b00020;font-weight:600}.ok{color:#176317}.partial{font-weight:600;color:#7a4b00}.more{color:#555}.scope{padding-left:1.2rem}
.region{max-width:100%;overflow-x:auto}.region:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}.region table:not(.summary){min-width:44rem}
a{color:#1d4ed8}nav{margin-top:.5rem}
@media (max-width:600px){body{margin:1rem}th,td{padding:.25rem .3rem}}
@page{size:A4;margin:14mm 12mm}
@media print{body{margin:0;font-size:9.5pt;color:#000}nav{display:none}.region{overflow:visible}.region table:not(.summary){min-width:0}
thead{display:table-header-group}tfoot{display:table-footer-group}tr,li{break-inside:avoid}h2,h3,caption{break-after:avoid}
th,td,tr.warn td{background:#fff!important;color:#000}tr.warn td:first-child{box-shadow:none;border-left:3px solid #000}a{color:#000}.partial,.gap{color:#000}}
`
