import { Badge } from '@/components/ui/badge'
import {
  isMalicious,
  isReportedMalicious,
  MALICIOUS_JS_INTEGRITY_THRESHOLD,
  MALICIOUS_RULE_TEXT,
} from '@/shared/page-shield/malicious'
import type { ReviewState } from '@/shared/page-shield/review'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '@/shared/page-shield/review-verdicts'

/** The malicious marker: shown when the integrity score is below the threshold, with the rule in its text. */
export function MaliciousMarker({ score }: { score: number | null | undefined }) {
  if (!isMalicious(score)) return null
  return (
    <Badge tone="danger" title={MALICIOUS_RULE_TEXT}>
      Malicious
      <span className="font-normal">
        (score {score} &lt; {MALICIOUS_JS_INTEGRITY_THRESHOLD})
      </span>
    </Badge>
  )
}

/** Threat feeds list the URL or the domain. */
export function ReportedMarker({
  item,
}: {
  item: {
    url_reported_malicious?: boolean
    domain_reported_malicious?: boolean
    malicious_url_categories?: string[]
    malicious_domain_categories?: string[]
  }
}) {
  if (!isReportedMalicious(item)) return null
  const cats = [...new Set([...(item.malicious_url_categories ?? []), ...(item.malicious_domain_categories ?? [])])]
  const what =
    item.url_reported_malicious && item.domain_reported_malicious
      ? 'URL and domain'
      : item.url_reported_malicious
        ? 'URL'
        : 'Domain'
  return (
    <Badge
      tone="warning"
      title={`Threat intelligence feeds list this ${what.toLowerCase()} as malicious${cats.length ? `: ${cats.join(', ')}` : ''}.`}
    >
      {what} reported
      <span className="sr-only">{cats.length ? `: ${cats.join(', ')}` : ''}</span>
    </Badge>
  )
}

/** The rule, stated where the marker appears. */
export function MaliciousRuleNote() {
  return (
    <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-300">
      <Badge tone="danger">Malicious</Badge> {MALICIOUS_RULE_TEXT} <Badge tone="warning">Reported</Badge> means a
      threat-intelligence feed lists the URL or its domain.
    </p>
  )
}

export function StatusBadge({ status }: { status: string | undefined }) {
  if (!status) return null
  const text: Record<string, string> = {
    active: 'Seen regularly on your pages.',
    infrequent: 'Seen only a few times (fewer than 3 reports).',
    inactive: 'Not seen for 7 days or more.',
  }
  return (
    <Badge tone={status === 'active' ? 'success' : status === 'infrequent' ? 'info' : 'neutral'} title={text[status]}>
      {status}
    </Badge>
  )
}

/** Where a script or connection stands in the ledger: not reviewed, changed since its review (why), or its verdict. */
export function ReviewBadge({
  kind,
  verdict,
  reviewer,
  reasons,
}: {
  kind: ReviewState['kind'] | undefined
  verdict?: ReviewVerdict | null
  reviewer?: string | null
  reasons?: readonly string[]
}) {
  if (!kind) return null
  if (kind === 'new') return <Badge tone="info">Not reviewed</Badge>
  if (kind === 'changed')
    return (
      <Badge tone="warning" title={`Changed since review${reasons?.length ? `: ${reasons.join('; ')}` : ''}`}>
        Changed since review
      </Badge>
    )
  return verdict ? <VerdictBadge verdict={verdict} title={reviewer ? `Reviewed by ${reviewer}` : undefined} /> : null
}

export function ReviewStateBadge({ state }: { state: ReviewState | undefined }) {
  if (!state || state.kind === 'new') return <ReviewBadge kind={state?.kind} />
  const badge = <ReviewBadge kind={state.kind} verdict={state.review.verdict} reviewer={state.review.reviewer} reasons={state.kind === 'changed' ? state.reasons : undefined} />
  if (!state.review.pattern) return badge
  // An inherited verdict says where it came from, in words on the page (not only in a tooltip).
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      {badge}
      <PatternSource pattern={state.review.pattern.pattern} by={state.review.reviewer} />
    </span>
  )
}

/** "By pattern https://js.stripe.com/*, set by Rita (rita)": where an inherited verdict came from. */
export function PatternSource({ pattern, by }: { pattern: string; by: string }) {
  return (
    <span className="text-xs break-all text-zinc-700 dark:text-zinc-300">
      By pattern <span className="font-mono">{pattern}</span>, set by {by}
    </span>
  )
}

/** A recorded verdict as a badge: Expected (green), Investigate (amber), Malicious: remove (red). */
export function VerdictBadge({ verdict, title }: { verdict: ReviewVerdict; title?: string }) {
  const tone = verdict === 'expected' ? 'success' : verdict === 'investigate' ? 'warning' : 'danger'
  return (
    <Badge tone={tone} title={title}>
      {REVIEW_VERDICT_LABEL[verdict]}
    </Badge>
  )
}

/** A score with a colour that says how bad it is (all scores: 1 certainly malicious … 99 certainly safe). */
export function ScoreValue({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <span className="text-zinc-500 dark:text-zinc-400">not scored</span>
  const tone =
    score < MALICIOUS_JS_INTEGRITY_THRESHOLD
      ? 'text-red-700 dark:text-red-300'
      : score < 50
        ? 'text-amber-700 dark:text-amber-300'
        : 'text-zinc-800 dark:text-zinc-100'
  return <span className={`font-mono font-semibold tabular-nums ${tone}`}>{score}</span>
}
