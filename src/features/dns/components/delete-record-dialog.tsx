import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
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

export function DeleteRecordDialog({ zoneId, record, onClose }: { zoneId: string; record: DnsRecord | null; onClose: () => void }) {
  const toast = useToast()
  const del = useDeleteDnsRecord(zoneId)
  return (
    <ConfirmDialog
      open={record !== null}
      title={record ? `Delete the ${recordLabel(record)}?` : ''}
      consequence={record ? deleteConsequence(record) : ''}
      confirmLabel="Delete record"
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!record) return
        del.mutate(record.id, {
          onSuccess: () => {
            toast.success('Record deleted', `${record.type} ${record.name}`)
            onClose()
          },
          onError: (e) => toast.error('The record was not deleted', e),
        })
      }}
    />
  )
}
