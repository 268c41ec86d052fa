import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { downloadText } from '@/lib/download'
import { formatNumber } from '@/lib/format'
import { EXPORT_LIMIT, NEEDS_REVIEW_SCAN_LIMIT, needsReviewScanOptions } from '../api/needs-review-scan'
import { reviewsQueryOptions } from '../api/reviews'
import type { ScriptsSearch } from '../api/search'
import { filterScripts, needsClientFilter, scriptsCsv } from '../lib/script-view'

/**
 * "Download CSV" of exactly what the list shows for its filters (every page of it, in its order),
 * with each script's review: state, verdict, reviewer, time and note, and the page it was seen on.
 */
export function ScriptsCsvButton({ zoneId, search }: { zoneId: string; search: ScriptsSearch }) {
  const qc = useQueryClient()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const limit = needsClientFilter(search) ? NEEDS_REVIEW_SCAN_LIMIT : EXPORT_LIMIT
      const [scan, reviews] = await Promise.all([
        qc.fetchQuery(needsReviewScanOptions(zoneId, search, limit)),
        qc.fetchQuery(reviewsQueryOptions(zoneId)),
      ])
      const reviewOf = (id: string) => reviews.byScript.get(id)
      const { rows } = filterScripts(scan.items, search, reviewOf)
      downloadText(scriptsCsv(rows, reviewOf), `scripts-${zoneId}.csv`)
      toast.success(
        `Downloaded ${formatNumber(rows.length)} ${rows.length === 1 ? 'script' : 'scripts'}`,
        scan.truncated ? `Only the first ${formatNumber(limit)} scripts matching the filters were read.` : 'The scripts this view shows.',
      )
    } catch (err) {
      toast.error('The CSV could not be made', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="secondary"
      pending={busy}
      onClick={() => void download()}
      title="The scripts this view shows (every page of it), with their review: verdict, reviewer, note, and the page each was seen on."
    >
      Download CSV
    </Button>
  )
}
