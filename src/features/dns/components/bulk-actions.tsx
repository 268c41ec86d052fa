import { lazy, Suspense, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BulkProgress } from '@/components/bulk/bulk-progress'
import { useBulkRunner } from '@/components/bulk/use-bulk-runner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
import { changeDraft, tooManyChanges } from '@/lib/change-requests'
import { plural } from '@/lib/format'
import { proxyStatusChange } from '@/shared/dns/proxiable'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { api, apiPath } from '@/lib/api-client'
import type { Zone } from '@/shared/schemas/zone'
import { batchLimitFor, getAllMatchingRecords, runBatchOf } from '../api/batch-dns-records'
import type { DnsSearch } from '../api/dns-search'
import { BulkUndo } from './bulk-undo'
import { keys } from '@/lib/query-keys'

// Asked only when someone changes proxy status; its code loads then.
const BulkProxyDialog = lazy(() => import('./bulk-proxy-dialog').then((m) => ({ default: m.BulkProxyDialog })))

const SHOWN = 5
const label = (r: DnsRecord) => `${r.type} ${r.name} → ${r.content}`

/** What the bulk actions act on: the ticked rows, or every record matching the filters (all pages). */
export type DnsSelection = { records: DnsRecord[]; matching?: { total: number; search: DnsSearch } }

const doneTitle = (verb: string, ok: number, total: number) =>
  ok === total ? `${verb} ${plural(total, 'record')}` : `${verb} ${ok} of ${plural(total, 'record')}`

/**
 * The DNS table's bulk actions, as the service's dashboard has them: delete, and change proxy
 * status. Each goes through `POST …/dns_records/batch`: one request per up to 200 records (3,500 on
 * paid plans), each all or nothing, with progress, Cancel between requests and a result per record.
 * On a zone whose changes need approval (`proposing`) they add one change per record to
 * the request being gathered instead, and the zone is left as it is.
 */
export function DnsBulkActions({
  zoneId,
  zoneName = '',
  proposing = false,
  selection,
  onDone,
}: {
  zoneId: string
  zoneName?: string
  proposing?: boolean
  selection: DnsSelection
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  // The zone (already cached by the zone route's loader, same key): its plan sets the batch limit.
  const zone = useQuery({
    queryKey: keys.zones.detail(zoneId),
    queryFn: ({ signal }) => api.get<Zone>(apiPath('/zones/:zone_id', { zone_id: zoneId }), { signal }),
    staleTime: 30_000,
  })
  const limit = batchLimitFor(zone.data?.plan?.legacy_id)
  const [asking, setAsking] = useState<'delete' | 'proxy' | null>(null)
  const [loading, setLoading] = useState(false)
  const [resolved, setResolved] = useState<DnsRecord[] | null>(null)
  const [action, setAction] = useState<{ verb: string; done: string } | null>(null)
  // The audit entry of each delete batch that went through: "Undo" undoes them together.
  const [deleteEntries, setDeleteEntries] = useState<number[]>([])
  const deleter = useBulkRunner<DnsRecord>({
    key: (r) => r.id,
    label,
    perBatch: {
      size: limit,
      run: (items) =>
        runBatchOf(
          zoneId,
          'deletes',
          items.map((r) => ({ id: r.id })),
          (entry) => setDeleteEntries((list) => [...list, entry]),
        ),
    },
  })
  // Read when the run starts, in the same event that chose it (state would only land on the next render).
  const target = useRef(true)
  const proxier = useBulkRunner<DnsRecord>({
    key: (r) => r.id,
    label: (r) => `${label(r)}: ${target.current ? 'Proxied' : 'DNS only'}`,
    perBatch: {
      size: limit,
      run: (items) =>
        runBatchOf(
          zoneId,
          'patches',
          items.map((r) => {
            const { settings } = proxyStatusChange(r, target.current)
            return settings ? { id: r.id, proxied: target.current, settings } : { id: r.id, proxied: target.current }
          }),
        ),
    },
  })

  const count = selection.matching?.total ?? selection.records.length
  if (count === 0 && deleter.phase === 'idle' && proxier.phase === 'idle') return null

  /** The records acted on: the ticked ones, or every matching one read from the API first. */
  const collect = async (kind: 'delete' | 'proxy') => {
    if (!selection.matching) {
      setResolved(selection.records)
      setAsking(kind)
      return
    }
    setLoading(true)
    try {
      setResolved(await getAllMatchingRecords(zoneId, selection.matching.search))
      setAsking(kind)
    } catch (err) {
      toast.error('Could not read the matching records', err)
    } finally {
      setLoading(false)
    }
  }
  const records = resolved ?? []
  const names = records.slice(0, SHOWN).map((r) => `${r.type} ${r.name}`)
  /** One change per record into the request being gathered (one request holds what one batch takes). */
  const propose = (items: { recordId: string; body?: Record<string, unknown>; label: string }[]) => {
    setAsking(null)
    const done = changeDraft.addMany(
      zoneId,
      zoneName,
      items.map(({ recordId, body, label: l }) => (body ? { action: 'update' as const, recordId, body, label: l } : { action: 'delete' as const, recordId, label: l })),
    )
    if (!done.added) {
      toast.error('Too many changes for one request', tooManyChanges(done.size))
      return
    }
    toast.success('Added to your change request', `${plural(items.length, 'change')}: send the request when it holds every change. The zone is unchanged until it is approved.`)
    setResolved(null)
    onDone()
  }
  const close = () => {
    setDeleteEntries([])
    deleter.reset()
    proxier.reset()
    setResolved(null)
    onDone()
    void queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) })
  }
  const runner = proxier.phase !== 'idle' ? proxier : deleter
  const title =
    action && runner.phase === 'done'
      ? doneTitle(action.done, runner.counts.ok, runner.total)
      : action
        ? `${action.verb} ${plural(runner.total, 'record')}`
        : ''

  return (
    <>
      {count > 0 && (
        <>
          <Button variant="danger" pending={loading && asking === null} onClick={() => void collect('delete')}>
            {proposing ? 'Propose deleting' : 'Delete'} selected ({count})
          </Button>
          <Button pending={loading && asking === null} onClick={() => void collect('proxy')}>
            {proposing ? 'Propose proxy status' : 'Change proxy status'} ({count})
          </Button>
        </>
      )}
      <ConfirmDialog
        open={asking === 'delete'}
        title={proposing ? `Propose deleting ${plural(records.length, 'record')}?` : `Delete ${plural(records.length, 'record')}?`}
        consequence={
          proposing
            ? `These deletions go into your change request: ${names.join(', ')}${records.length > SHOWN ? ` and ${records.length - SHOWN} more` : ''}. Nothing is deleted until someone else approves the request; then they are deleted with its other changes, all or none.`
            : `These records will be deleted: ${names.join(', ')}${records.length > SHOWN ? ` and ${records.length - SHOWN} more` : ''}. Visitors and services using them will stop finding them. You can undo it: the result offers Undo, and the audit log keeps every request.`
        }
        confirmLabel={proposing ? `Propose deleting ${plural(records.length, 'record')}` : `Delete ${plural(records.length, 'record')}`}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (proposing) return propose(records.map((r) => ({ recordId: r.id, label: `Delete ${r.type} ${r.name}` })))
          setAsking(null)
          setAction({ verb: 'Deleting', done: 'Deleted' })
          setDeleteEntries([])
          void deleter.start(records)
        }}
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {proposing ? null : records.length > limit
            ? `They go in ${Math.ceil(records.length / limit)} requests of up to ${limit}; each request is all or nothing.`
            : 'They go in one request: either all are deleted or, if one is refused, none.'}
        </p>
      </ConfirmDialog>
      {asking === 'proxy' && (
        <Suspense fallback={null}>
          <BulkProxyDialog
            open={asking === 'proxy'}
            records={records}
            proposing={proposing}
            onCancel={() => setAsking(null)}
            onConfirm={(proxied, change) => {
              if (proposing) {
                return propose(
                  change.map((r) => {
                    const { settings } = proxyStatusChange(r, proxied)
                    return { recordId: r.id, body: settings ? { proxied, settings } : { proxied }, label: `${proxied ? 'Proxy' : 'Stop proxying'} ${r.type} ${r.name}` }
                  }),
                )
              }
              setAsking(null)
              target.current = proxied
              setAction({ verb: 'Changing proxy status of', done: 'Changed proxy status of' })
              void proxier.start(change)
            }}
          />
        </Suspense>
      )}
      <BulkProgress
        runner={runner}
        title={title}
        onClose={close}
        after={runner === deleter && deleter.counts.ok > 0 && <BulkUndo entries={deleteEntries} records={deleter.counts.ok} zoneId={zoneId} />}
      />
    </>
  )
}
