import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { changeDraft, tooManyChanges, useChangeDraft } from '@/lib/change-requests'
import { plural } from '@/lib/format'
import { dnsScanQueryOptions } from '../api/scan-dns-records'
import { acceptPayload, type Decision, type FoundRecord } from '../lib/scan-review'
import { ScanPanel, scanLooksUp } from './scan-panel'

const changeLabel = (r: FoundRecord, d: Decision) => `${d === 'accept' ? 'Accept' : 'Reject'} ${r.type} ${r.name} (found by the scan)`

/**
 * The DNS scan on a zone whose changes need approval: the found records are listed as in
 * the scan's own review, but accepting or rejecting the ticked ones adds one change per record to the
 * request being gathered ("Accept A ftp.example.com (found by the scan)"); nothing reaches the zone, and
 * the records keep waiting for review, until someone else approves the request, which then sends the
 * decisions to the scan's review endpoint. Starting a scan changes nothing, so editors may; a viewer
 * allowed to propose reviews what earlier scans found.
 */
export function ProposeScanDialog({ zoneId, zoneName, mayStart, onClose }: { zoneId: string; zoneName: string; mayStart: boolean; onClose: () => void }) {
  const toast = useToast()
  const found = useQuery(dnsScanQueryOptions(zoneId))
  const draft = useChangeDraft()
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const records = found.data?.result ?? []
  // What the request being gathered already says about each found record.
  const inRequest = new Map<string, Decision>()
  if (draft?.zoneId === zoneId) for (const it of draft.items) if (it.kind === 'dns_scan_result' && 'recordId' in it && it.recordId) inRequest.set(it.recordId, it.action === 'create' ? 'accept' : 'reject')
  const selected = records.filter((r) => ticked.has(r.id))

  const propose = (decision: Decision) => {
    const done = changeDraft.addMany(
      zoneId,
      zoneName,
      selected.map((r) => {
        const { id, ...body } = acceptPayload(r)
        const l = changeLabel(r, decision)
        return decision === 'accept' ? { kind: 'dns_scan_result' as const, action: 'create' as const, recordId: String(id), body, label: l } : { kind: 'dns_scan_result' as const, action: 'delete' as const, recordId: r.id, label: l }
      }),
    )
    if (!done.added) {
      toast.error('Too many changes for one request', tooManyChanges(done.size))
      return
    }
    toast.success('Added to your change request', `${plural(selected.length, 'found record')} to ${decision}: send the request when it holds every change. Nothing is added until it is approved.`)
    setTicked(new Set())
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title="Scan for records"
      description={`${scanLooksUp(zoneName)} Changes to this zone need approval: what you accept or reject goes into your change request, and nothing is added until someone else approves it.`}
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
        <ScanPanel
          zoneId={zoneId}
          records={records}
          mayStart={mayStart}
          selection={{ ticked, setTicked }}
          outcome={{ header: 'In your request', cell: (r) => (inRequest.has(r.id) ? `Proposed: ${inRequest.get(r.id)}` : '—') }}
        />
      </div>
    </Dialog>
  )
}
