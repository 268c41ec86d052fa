import { Badge } from '@/components/ui/badge'
import type { ConnectionReviewKind } from '@/shared/page-shield/connection-review'
import type { ReviewVerdict } from '@/shared/page-shield/review-verdicts'
import { VerdictBadge } from './markers'

/** Where a connection stands in the ledger: not reviewed, changed since its review (why), or its verdict. */
export function ConnectionReviewBadge({
  kind,
  verdict,
  reviewer,
  reasons,
}: {
  kind: ConnectionReviewKind | undefined
  verdict?: ReviewVerdict | null
  reviewer?: string | null
  reasons?: string[]
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
