import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { errorLine } from '@/lib/error-text'
import { dnsScanQueryOptions, reviewDnsScan, triggerDnsScan } from '../api/scan-dns-records'
import { reviewFound, reviewSummary, type Decision, type FoundRecord, type ItemResult } from '../lib/scan-review'

const label = (r: FoundRecord) => `${r.type} record ${r.name}`

function ResultText({ result }: { result: ItemResult }) {
  if (!result.ok)
    return (
      <span className="text-red-800 dark:text-red-300">
        <span aria-hidden="true">✗ </span>Not {result.decision === 'accept' ? 'added' : 'rejected'}: {result.message}
      </span>
    )
  return result.decision === 'accept' ? (
    <span className="text-emerald-800 dark:text-emerald-300">
      <span aria-hidden="true">✓ </span>Added to the zone
    </span>
  ) : (
    <span className="text-zinc-700 dark:text-zinc-300">Rejected</span>
  )
}

/**
 * DNS scan (issue 29): asks the service to look for the zone's usual records in public DNS, lists
 * what it found (type, name, content), and lets an editor accept (added as records) or reject each
 * or all of them, with the result shown on each record. Found records wait on the service until
 * reviewed, so an earlier scan's are shown at once.
 */
export function ScanDialog({ zoneId, zoneName, onClose }: { zoneId: string; zoneName: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const found = useQuery(dnsScanQueryOptions(zoneId))
  // Records once shown stay in the list with their result after the service forgets them.
  const [seen, setSeen] = useState<FoundRecord[]>([])
  const [results, setResults] = useState<ReadonlyMap<string, ItemResult>>(new Map())
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [summary, setSummary] = useState('')
  const boxRef = useRef<HTMLDivElement>(null)
  // The buttons of what was decided are gone: focus goes to the next record to decide, else the result.
  const [decided, setDecided] = useState(0)
  useEffect(() => {
    const box = boxRef.current
    if (!decided || !box) return
    const next = box.querySelector<HTMLElement>('button[aria-label^="Accept "]:not(:disabled)')
    ;(next ?? box.querySelector<HTMLElement>('[aria-label="Review result"]'))?.focus()
  }, [decided])
  const current = found.data?.result
  if (current && current.some((r) => !seen.some((s) => s.id === r.id))) setSeen([...seen, ...current.filter((r) => !seen.some((s) => s.id === r.id))])
  const open = seen.filter((r) => !results.get(r.id)?.ok && !busy.has(r.id))

  const scan = useMutation({
    mutationFn: () => triggerDnsScan(zoneId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dns-scan', zoneId] }),
  })
  const decide = async (records: FoundRecord[], decision: Decision) => {
    if (!records.length) return
    setBusy(new Set([...busy, ...records.map((r) => r.id)]))
    setSummary('')
    const done = await reviewFound(
      (body) => reviewDnsScan(zoneId, body),
      records.map((record) => ({ record, decision })),
    )
    setResults((prev) => new Map([...prev, ...done.map((d) => [d.id, d] as const)]))
    setBusy((prev) => new Set([...prev].filter((id) => !records.some((r) => r.id === id))))
    setSummary(reviewSummary(done))
    setDecided((n) => n + 1)
    if (done.some((d) => d.ok && d.decision === 'accept')) void queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] })
    void queryClient.invalidateQueries({ queryKey: ['dns-scan', zoneId] })
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title="Scan for records"
      description={`Looks up the usual names of ${zoneName} in public DNS (web, mail, autodiscover, DMARC…) and lists the records it finds that this zone does not have. Nothing is added until you accept it.`}
      dismissible={busy.size === 0}
      footer={
        <>
          <Button onClick={onClose} disabled={busy.size > 0}>
            Close
          </Button>
          <Button onClick={() => void decide(open, 'reject')} disabled={!open.length || busy.size > 0}>
            Reject all ({open.length})
          </Button>
          <Button variant="primary" onClick={() => void decide(open, 'accept')} disabled={!open.length || busy.size > 0}>
            Accept all ({open.length})
          </Button>
        </>
      }
    >
      <div ref={boxRef} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="primary" pending={scan.isPending} onClick={() => scan.mutate()}>
            {scan.isSuccess ? 'Scan again' : 'Start the scan'}
          </Button>
          {scan.isSuccess && (
            <Button onClick={() => void found.refetch()} pending={found.isFetching}>
              Check for more
            </Button>
          )}
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {scan.isError
              ? `The scan did not start: ${errorLine(scan.error)}`
              : found.isPending
                ? 'Reading what earlier scans found…'
                : scan.isSuccess && !found.isFetching
                  ? `Scan started. Found so far: ${current?.length ?? 0} ${current?.length === 1 ? 'record' : 'records'} to review. The service keeps scanning in the background: check for more in a moment.`
                  : ''}
          </p>
        </div>
        {found.isError && <ErrorView error={found.error} onRetry={() => void found.refetch()} title="The found records could not be read" />}
        {seen.length > 0 ? (
          <table className="w-full text-left text-sm" aria-label="Records found by the scan">
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-700">
                <th className="py-2 pr-3">Type</th>
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Content</th>
                <th className="py-2">Result</th>
              </tr>
            </thead>
            <tbody>
              {seen.map((r) => {
                const result = results.get(r.id)
                return (
                  <tr key={r.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
                    <td className="py-2 pr-3 font-mono">{r.type}</td>
                    <td className="py-2 pr-3 font-mono break-all">{r.name}</td>
                    <td className="py-2 pr-3 font-mono break-all">
                      {r.priority !== undefined && <span className="text-zinc-600 dark:text-zinc-400">{r.priority} </span>}
                      {r.content}
                    </td>
                    <td className="py-2">
                      {busy.has(r.id) ? (
                        <Spinner size="sm" label={`Sending the decision on ${label(r)}`} />
                      ) : (
                        <div className="flex flex-wrap items-center gap-1">
                          {result && <ResultText result={result} />}
                          {!result?.ok && (
                            <>
                              <Button size="sm" onClick={() => void decide([r], 'accept')} aria-label={`Accept ${label(r)}`} disabled={busy.size > 0}>
                                Accept
                              </Button>
                              <Button size="sm" variant="ghost" onClick={() => void decide([r], 'reject')} aria-label={`Reject ${label(r)}`} disabled={busy.size > 0}>
                                Reject
                              </Button>
                            </>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        ) : (
          found.isSuccess && <p className="text-sm text-zinc-700 dark:text-zinc-300">No found records wait for review. Start the scan to look for some.</p>
        )}
        {summary && (
          <p role="status" aria-label="Review result" tabIndex={-1} className="rounded-md bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800">
            {summary}
          </p>
        )}
      </div>
    </Dialog>
  )
}
