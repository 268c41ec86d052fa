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

/** A record's own Delete button (the row actions' label), not "Delete selected (…)". */
const ROW_DELETE = /^Delete \S+ record /

const shown = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0

/** The visible row Delete buttons of the page, in reading order (table rows, or cards on a phone). */
function rowDeleteButtons(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('main button[aria-label]')].filter((b) => ROW_DELETE.test(b.getAttribute('aria-label') ?? '') && shown(b))
}

function addButton(): HTMLElement | null {
  return [...document.querySelectorAll<HTMLElement>('main button')].find((b) => b.textContent?.trim() === 'Add record' && shown(b)) ?? null
}

/**
 * Where focus goes once a record is deleted: its row disappears with the Delete
 * button that opened the dialog, so to the next record's Delete button, else the previous one's,
 * else (no record left in view) the "Add record" button; never the page body. Decided while the row
 * is still shown (call it before the delete is sent): the neighbour is remembered by its label, not
 * its element, because the list is fetched again and its rows may be rendered anew.
 */
export function focusTargetAfterDelete(record: Pick<DnsRecord, 'type' | 'name'>): () => HTMLElement | null {
  const own = `Delete ${recordLabel(record)}`
  const buttons = rowDeleteButtons()
  const at = buttons.findIndex((b) => b.getAttribute('aria-label') === own)
  const neighbour = at < 0 ? undefined : (buttons[at + 1] ?? buttons[at - 1])
  const label = neighbour?.getAttribute('aria-label')
  return () => (label ? (rowDeleteButtons().find((b) => b.getAttribute('aria-label') === label) ?? addButton()) : addButton())
}

/**
 * Puts focus on `find()` now, and again whenever the page re-renders under it for a few seconds
 * (the deleted row leaves, the refetched page renders its rows anew: focus on a removed element
 * falls to the body). Stops as soon as the person moves focus somewhere else, or a dialog opens.
 */
export function settleFocus(find: () => HTMLElement | null, ms = 4_000): () => void {
  let target: HTMLElement | null = null
  const stray = () => {
    const active = document.activeElement
    return !active || active === document.body || !active.isConnected
  }
  const place = () => {
    if (document.querySelector('dialog[open]')) return stop()
    // Focus was placed, and the person has since gone somewhere else: leave it with them.
    if (target && document.activeElement !== target && !stray()) return stop()
    const el = find()
    if (el && document.activeElement !== el) {
      target = el
      el.focus()
    }
  }
  const observer = new MutationObserver(place)
  const timer = window.setTimeout(() => stop(), ms)
  function stop() {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true })
  place()
  return stop
}

export function DeleteRecordDialog({ zoneId, zoneName = '', record, onClose }: { zoneId: string; zoneName?: string; record: DnsRecord | null; onClose: () => void }) {
  const toast = useToast()
  const del = useDeleteDnsRecord(zoneId)
  // On a zone whose changes need approval, the deletion is added to the request being gathered.
  const proposing = useProposing(zoneId)
  // Decided when Delete is confirmed (the row is still shown); run after the dialog has closed and
  // returned focus to its opener (effects of a parent run after the cleanups of its children).
  const target = useRef<(() => HTMLElement | null) | null>(null)
  const refocus = useRef<(() => HTMLElement | null) | null>(null)
  useEffect(() => {
    if (record !== null || !refocus.current) return
    const stop = settleFocus(refocus.current)
    refocus.current = null
    return stop
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
        target.current = focusTargetAfterDelete(record)
        del.mutate(record.id, {
          onSuccess: () => {
            toast.success('Record deleted', `${record.type} ${record.name}`)
            refocus.current = target.current
            onClose()
          },
          onError: (e) => toast.error('The record was not deleted', e),
        })
      }}
    />
  )
}
