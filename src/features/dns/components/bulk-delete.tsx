import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { BulkProgress } from '@/components/bulk/bulk-progress'
import { useBulkRunner } from '@/components/bulk/use-bulk-runner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { plural } from '@/lib/format'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { deleteDnsRecord } from '../api/delete-dns-record'

const SHOWN = 5

/**
 * "Delete selected": asks first (naming the records), then deletes them one by one with a progress
 * bar, a result per record and a Cancel button (the shared bulk runner).
 */
export function BulkDelete({ zoneId, selected, onDone }: { zoneId: string; selected: DnsRecord[]; onDone: () => void }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const runner = useBulkRunner<DnsRecord>({
    key: (r) => r.id,
    label: (r) => `${r.type} ${r.name} → ${r.content}`,
    perItem: (r) => deleteDnsRecord(zoneId, r.id),
    concurrency: 4,
  })
  const [title, setTitle] = useState('')
  const count = selected.length
  const names = selected.slice(0, SHOWN).map((r) => `${r.type} ${r.name}`)
  return (
    <>
      {count > 0 && (
        <Button variant="danger" onClick={() => setAsking(true)}>
          Delete selected ({count})
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={`Delete ${plural(count, 'record')}?`}
        consequence={`These records will be deleted: ${names.join(', ')}${count > SHOWN ? ` and ${count - SHOWN} more` : ''}. Visitors and services using them will stop finding them. This cannot be undone.`}
        confirmLabel={`Delete ${plural(count, 'record')}`}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setTitle(`Deleting ${plural(count, 'record')}`)
          void runner.start(selected)
        }}
      />
      <BulkProgress
        runner={runner}
        title={title}
        onClose={() => {
          runner.reset()
          onDone()
          void queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] })
        }}
      />
    </>
  )
}
