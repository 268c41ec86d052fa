import { useEffect, useRef } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
import { changeDraft, useProposing } from '@/lib/change-requests'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { useDeleteDnsRecord } from '../api/delete-dns-record'
import { recordLabel } from './dns-cells'

/** What deleting a record will do, in plain words. */
export function deleteConsequence(r: DnsRecord): string {
  const what = `The ${r.type} record ${r.name} → ${r.content} will be deleted.`
  if (r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME') return `${what} Visitors using ${r.name} will no longer reach it through this record.`
  if (r.type === 'MX') return `${what} Mail servers will stop delivering mail for ${r.name} to ${r.content}.`
  return `${what} Services that look it up will no longer find it.`
}

/**
 * Where focus goes once a record is deleted: its row disappears with the Delete button that opened
 * the dialog, so the neighbouring row's Delete button (the next one, else the one above), else the
 * page's heading; never the page body (issue 29, item 6).
 */
export function focusAfterDelete(record: DnsRecord): () => void {
  const label = `Delete ${recordLabel(record)}`
  const opener = [...document.querySelectorAll<HTMLElement>('button[aria-label]')].find((b) => b.getAttribute('aria-label') === label)
  const row = opener?.closest('tr')
  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null | undefined
  const next = neighbour?.querySelector<HTMLElement>('button[aria-label^="Delete "]')
  return () => {
    if (next?.isConnected) return next.focus()
    const heading = document.querySelector<HTMLElement>('main h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus()
  }
}

export function DeleteRecordDialog({ zoneId, zoneName = '', record, onClose }: { zoneId: string; zoneName?: string; record: DnsRecord | null; onClose: () => void }) {
  const toast = useToast()
  const del = useDeleteDnsRecord(zoneId)
  // Issue 25: on a zone whose changes need approval, the deletion is added to the request being gathered.
  const proposing = useProposing(zoneId)
  // Run after the dialog has closed and returned focus to its opener (effects of a parent run after
  // the cleanups of its children), and before the list is fetched again without that row.
  const refocus = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (record !== null || !refocus.current) return
    refocus.current()
    refocus.current = null
  }, [record])
  return (
    <ConfirmDialog
      open={record !== null}
      title={record ? `Delete the ${recordLabel(record)}?` : ''}
      consequence={record ? deleteConsequence(record) : ''}
      confirmLabel={proposing ? 'Propose deletion' : 'Delete record'}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!record) return
        if (proposing) {
          changeDraft.add(zoneId, zoneName, { action: 'delete', recordId: record.id, label: `Delete ${recordLabel(record)}` })
          toast.success('Added to your change request', `Delete ${recordLabel(record)}: send the request when it holds every change.`)
          return onClose()
        }
        del.mutate(record.id, {
          onSuccess: () => {
            toast.success('Record deleted', `${record.type} ${record.name}`)
            refocus.current = focusAfterDelete(record)
            onClose()
          },
          onError: (e) => toast.error('The record was not deleted', e),
        })
      }}
    />
  )
}
