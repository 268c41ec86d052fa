import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { dnsScanQueryOptions, reviewDnsScan } from '../api/scan-dns-records'
import { reviewFound, reviewSummary, type Decision, type FoundRecord, type ItemResult } from '../lib/scan-review'
import { foundLabel, ScanPanel, scanLooksUp } from './scan-panel'
import { keys } from '@/lib/query-keys'

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
 * DNS scan: asks the service to look for the zone's usual records in public DNS, lists
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
    if (done.some((d) => d.ok && d.decision === 'accept')) void queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) })
    void queryClient.invalidateQueries({ queryKey: keys.dnsScan(zoneId) })
  }

  // Each record's result, and its own accept and reject until it is decided.
  const decisionCell = (r: FoundRecord) => {
    const result = results.get(r.id)
    if (busy.has(r.id)) return <Spinner size="sm" label={`Sending the decision on ${foundLabel(r)}`} />
    return (
      <div className="flex flex-wrap items-center gap-1">
        {result && <ResultText result={result} />}
        {!result?.ok && (
          <>
            <Button size="sm" onClick={() => void decide([r], 'accept')} aria-label={`Accept ${foundLabel(r)}`} disabled={busy.size > 0}>
              Accept
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void decide([r], 'reject')} aria-label={`Reject ${foundLabel(r)}`} disabled={busy.size > 0}>
              Reject
            </Button>
          </>
        )}
      </div>
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title="Scan for records"
      description={`${scanLooksUp(zoneName)} Nothing is added until you accept it.`}
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
        <ScanPanel zoneId={zoneId} records={seen} outcome={{ header: 'Result', cell: decisionCell }} />
        {summary && (
          <p role="status" aria-label="Review result" tabIndex={-1} className="rounded-md bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-800">
            {summary}
          </p>
        )}
      </div>
    </Dialog>
  )
}
