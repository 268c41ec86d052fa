import type { Dispatch, ReactNode, SetStateAction } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { errorLine } from '@/lib/error-text'
import { plural } from '@/lib/format'
import { dnsScanQueryOptions, triggerDnsScan } from '../api/scan-dns-records'
import type { FoundRecord } from '../lib/scan-review'
import { keys } from '@/lib/query-keys'

/** How a found record is named to assistive technology ("A record ftp.example.com"). */
export const foundLabel = (r: FoundRecord) => `${r.type} record ${r.name}`

/** The first sentence of both scan dialogs' descriptions. */
export const scanLooksUp = (zoneName: string) =>
  `Looks up the usual names of ${zoneName} in public DNS (web, mail, autodiscover, DMARC…) and lists the records it finds that this zone does not have.`

/** The dialog's own last column: its header and each record's cell. */
interface Outcome {
  header: string
  cell: (r: FoundRecord) => ReactNode
}
interface Selection {
  ticked: ReadonlySet<string>
  setTicked: Dispatch<SetStateAction<ReadonlySet<string>>>
}

/**
 * What the DNS scan's review and its proposing twin share: start a scan (when
 * `mayStart`; starting one changes nothing), check for more, one status line, and the table of found
 * records (type, name, content) with a checkbox per record when `selection` is given, and the
 * dialog's own last column (`outcome`). `records` are the rows: the review keeps records the service
 * has forgotten, so they are passed in; the status counts what the service holds.
 */
export function ScanPanel({
  zoneId,
  records,
  outcome,
  selection,
  mayStart = true,
}: {
  zoneId: string
  records: FoundRecord[]
  outcome: Outcome
  selection?: Selection
  mayStart?: boolean
}) {
  const queryClient = useQueryClient()
  const found = useQuery(dnsScanQueryOptions(zoneId))
  const scan = useMutation({
    mutationFn: () => triggerDnsScan(zoneId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.dnsScan(zoneId) }),
  })
  const waiting = found.data?.result.length ?? 0

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {mayStart ? (
          <Button variant="primary" pending={scan.isPending} onClick={() => scan.mutate()}>
            {scan.isSuccess ? 'Scan again' : 'Start the scan'}
          </Button>
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Starting a scan needs the editor role; you can propose from what earlier scans found.
          </p>
        )}
        {/* Always offered: a scan started earlier (by anyone) may still be finding records. */}
        <Button onClick={() => void found.refetch()} pending={found.isFetching}>
          Check for more
        </Button>
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {scan.isError
            ? `The scan did not start: ${errorLine(scan.error)}`
            : found.isPending
              ? 'Reading what earlier scans found…'
              : scan.isSuccess && !found.isFetching
                ? `Scan started. Found so far: ${plural(waiting, 'record')} to review. The service keeps scanning in the background: check for more in a moment.`
                : ''}
        </p>
      </div>
      {found.isError && (
        <ErrorView error={found.error} onRetry={() => void found.refetch()} title="The found records could not be read" />
      )}
      {records.length > 0 ? (
        <FoundTable records={records} outcome={outcome} selection={selection} />
      ) : (
        found.isSuccess && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            No found records wait for review.{mayStart ? ' Start the scan to look for some.' : ''}
          </p>
        )
      )}
    </>
  )
}

function FoundTable({ records, outcome, selection }: { records: FoundRecord[]; outcome: Outcome; selection?: Selection }) {
  const all = selection !== undefined && records.every((r) => selection.ticked.has(r.id))
  const tick = (id: string, on: boolean) =>
    selection?.setTicked((prev) => (on ? new Set([...prev, id]) : new Set([...prev].filter((x) => x !== id))))
  return (
    <table className="w-full text-left text-sm" aria-label="Records found by the scan">
      <thead>
        <tr className="border-b border-zinc-200 dark:border-zinc-700">
          {selection && (
            <th className="py-2 pr-3">
              <input
                type="checkbox"
                aria-label="Select every found record"
                className="size-4 accent-blue-600"
                checked={all}
                onChange={() => selection.setTicked(all ? new Set() : new Set(records.map((r) => r.id)))}
              />
            </th>
          )}
          <th className="py-2 pr-3">Type</th>
          <th className="py-2 pr-3">Name</th>
          <th className="py-2 pr-3">Content</th>
          <th className="py-2">{outcome.header}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
            {selection && (
              <td className="py-2 pr-3">
                <input
                  type="checkbox"
                  aria-label={`Select ${foundLabel(r)}`}
                  className="size-4 accent-blue-600"
                  checked={selection.ticked.has(r.id)}
                  onChange={(e) => tick(r.id, e.target.checked)}
                />
              </td>
            )}
            <td className="py-2 pr-3 font-mono">{r.type}</td>
            <td className="py-2 pr-3 font-mono break-all">{r.name}</td>
            <td className="py-2 pr-3 font-mono break-all">
              {r.priority !== undefined && <span className="text-zinc-600 dark:text-zinc-400">{r.priority} </span>}
              {r.content}
            </td>
            <td className="py-2">{outcome.cell(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
