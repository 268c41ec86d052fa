import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorView } from '@/components/ui/error-view'
import { useToast } from '@/components/ui/toast'
import { changeDraft, useChangeDraft } from '@/lib/change-requests'
import { errorLine } from '@/lib/error-text'
import { plural } from '@/lib/format'
import { MAX_CHANGE_ITEMS } from '@/shared/schemas/change-requests'
import { dnsScanQueryOptions, triggerDnsScan } from '../api/scan-dns-records'
import { acceptPayload, type Decision, type FoundRecord } from '../lib/scan-review'

const label = (r: FoundRecord) => `${r.type} record ${r.name}`
const changeLabel = (r: FoundRecord, d: Decision) => `${d === 'accept' ? 'Accept' : 'Reject'} ${r.type} ${r.name} (found by the scan)`

/**
 * The DNS scan on a zone whose changes need approval (issue 25): the found records are listed as in
 * the scan's own review, but accepting or rejecting the ticked ones adds one change per record to the
 * request being gathered ("Accept A ftp.example.com (found by the scan)"); nothing reaches the zone, and
 * the records keep waiting for review, until someone else approves the request, which then sends the
 * decisions to the scan's review endpoint. Starting a scan changes nothing, so editors may; a viewer
 * allowed to propose reviews what earlier scans found.
 */
export function ProposeScanDialog({ zoneId, zoneName, mayStart, onClose }: { zoneId: string; zoneName: string; mayStart: boolean; onClose: () => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const found = useQuery(dnsScanQueryOptions(zoneId))
  const draft = useChangeDraft()
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const records = found.data?.result ?? []
  // What the request being gathered already says about each found record.
  const inRequest = new Map<string, Decision>()
  if (draft?.zoneId === zoneId) for (const it of draft.items) if (it.kind === 'dns_scan_result' && 'recordId' in it && it.recordId) inRequest.set(it.recordId, it.action === 'create' ? 'accept' : 'reject')
  const selected = records.filter((r) => ticked.has(r.id))

  const scan = useMutation({
    mutationFn: () => triggerDnsScan(zoneId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dns-scan', zoneId] }),
  })
  const propose = (decision: Decision) => {
    const size = changeDraft.sizeWith(zoneId, selected.filter((r) => !inRequest.has(r.id)).length)
    if (size > MAX_CHANGE_ITEMS) {
      toast.error('Too many changes for one request', `A request holds at most ${MAX_CHANGE_ITEMS} changes (this would make ${size}): select fewer records, or send the request first.`)
      return
    }
    changeDraft.addMany(
      zoneId,
      zoneName,
      selected.map((r) => {
        const { id, ...body } = acceptPayload(r)
        const l = changeLabel(r, decision)
        return decision === 'accept' ? { kind: 'dns_scan_result' as const, action: 'create' as const, recordId: String(id), body, label: l } : { kind: 'dns_scan_result' as const, action: 'delete' as const, recordId: r.id, label: l }
      }),
    )
    toast.success('Added to your change request', `${plural(selected.length, 'found record')} to ${decision}: send the request when it holds every change. Nothing is added until it is approved.`)
    setTicked(new Set())
  }
  const all = records.length > 0 && selected.length === records.length

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title="Scan for records"
      description={`Looks up the usual names of ${zoneName} in public DNS (web, mail, autodiscover, DMARC…) and lists the records it finds that this zone does not have. Changes to this zone need approval: what you accept or reject goes into your change request, and nothing is added until someone else approves it.`}
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button onClick={() => propose('reject')} disabled={!selected.length}>
            Propose rejecting selected ({selected.length})
          </Button>
          <Button variant="primary" onClick={() => propose('accept')} disabled={!selected.length}>
            Propose accepting selected ({selected.length})
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {mayStart ? (
            <Button variant="primary" pending={scan.isPending} onClick={() => scan.mutate()}>
              {scan.isSuccess ? 'Scan again' : 'Start the scan'}
            </Button>
          ) : (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">Starting a scan needs the editor role; you can propose from what earlier scans found.</p>
          )}
          <Button onClick={() => void found.refetch()} pending={found.isFetching}>
            Check for more
          </Button>
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {scan.isError
              ? `The scan did not start: ${errorLine(scan.error)}`
              : found.isPending
                ? 'Reading what earlier scans found…'
                : scan.isSuccess && !found.isFetching
                  ? `Scan started. Found so far: ${plural(records.length, 'record')} to review.`
                  : ''}
          </p>
        </div>
        {found.isError && <ErrorView error={found.error} onRetry={() => void found.refetch()} title="The found records could not be read" />}
        {records.length > 0 ? (
          <table className="w-full text-left text-sm" aria-label="Records found by the scan">
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-700">
                <th className="py-2 pr-3">
                  <input type="checkbox" aria-label="Select every found record" className="size-4 accent-blue-600" checked={all} onChange={() => setTicked(all ? new Set() : new Set(records.map((r) => r.id)))} />
                </th>
                <th className="py-2 pr-3">Type</th>
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Content</th>
                <th className="py-2">In your request</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => {
                const decided = inRequest.get(r.id)
                return (
                  <tr key={r.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
                    <td className="py-2 pr-3">
                      <input
                        type="checkbox"
                        aria-label={`Select ${label(r)}`}
                        className="size-4 accent-blue-600"
                        checked={ticked.has(r.id)}
                        onChange={(e) => setTicked((prev) => (e.target.checked ? new Set([...prev, r.id]) : new Set([...prev].filter((x) => x !== r.id))))}
                      />
                    </td>
                    <td className="py-2 pr-3 font-mono">{r.type}</td>
                    <td className="py-2 pr-3 font-mono break-all">{r.name}</td>
                    <td className="py-2 pr-3 font-mono break-all">
                      {r.priority !== undefined && <span className="text-zinc-600 dark:text-zinc-400">{r.priority} </span>}
                      {r.content}
                    </td>
                    <td className="py-2">{decided === 'accept' ? 'Proposed: accept' : decided === 'reject' ? 'Proposed: reject' : '—'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        ) : (
          found.isSuccess && <p className="text-sm text-zinc-700 dark:text-zinc-300">No found records wait for review.{mayStart ? ' Start the scan to look for some.' : ''}</p>
        )}
      </div>
    </Dialog>
  )
}
