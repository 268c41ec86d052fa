import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { plural } from '@/lib/format'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { planProxyChange } from '../lib/bulk-proxy'

const CHOICES = [
  { value: true, label: 'Proxied', help: 'Visitors reach these names through the proxy (its addresses answer; TTL becomes Auto).' },
  { value: false, label: 'DNS only', help: 'These names answer with their own addresses; traffic goes straight to them.' },
] as const

/**
 * "Change proxy status" for the selected records: choose Proxied or DNS only, see what will change
 * (only A, AAAA and CNAME records can be proxied; the others stay as they are), then confirm.
 */
export function BulkProxyDialog({
  open,
  records,
  proposing = false,
  onCancel,
  onConfirm,
}: {
  open: boolean
  records: DnsRecord[]
  /** The change goes into the change request being gathered. */
  proposing?: boolean
  onCancel: () => void
  onConfirm: (proxied: boolean, change: DnsRecord[]) => void
}) {
  const [proxied, setProxied] = useState(true)
  const name = useId()
  const plan = planProxyChange(records, proxied)
  const target = proxied ? 'Proxied' : 'DNS only'
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={`Change the proxy status of ${plural(records.length, 'record')}`}
      description="Choose the status every selected record should have. Records already at that status, and records that cannot be proxied, stay as they are."
      size="md"
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="primary" disabled={plan.change.length === 0} onClick={() => onConfirm(proxied, plan.change)}>
            {plan.change.length ? `${proposing ? 'Propose setting' : 'Set'} ${plural(plan.change.length, 'record')} to ${target}` : 'Nothing to change'}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">New proxy status</legend>
        {CHOICES.map((c) => (
          <div key={c.label} className="flex items-start gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
            <input
              type="radio"
              id={`${name}-${c.value}`}
              name={name}
              aria-describedby={`${name}-${c.value}-help`}
              className="mt-1"
              checked={proxied === c.value}
              onChange={() => setProxied(c.value)}
            />
            <div>
              <label htmlFor={`${name}-${c.value}`} className="block cursor-pointer text-sm font-medium text-zinc-900 dark:text-zinc-100">
                {c.label}
              </label>
              <p id={`${name}-${c.value}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
                {c.help}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <ul aria-label="What will happen" className="mt-3 list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>{plural(plan.change.length, 'record')} will change to {target}.</li>
        {plan.already.length > 0 && <li>{plural(plan.already.length, 'record')} already {plan.already.length === 1 ? 'is' : 'are'} {target}.</li>}
        {plan.cannot.length > 0 && (
          <li>
            {plural(plan.cannot.length, 'record')} cannot be proxied (only A, AAAA and CNAME records with a public address can) and
            stay as {plan.cannot.length === 1 ? 'it is' : 'they are'}.
          </li>
        )}
      </ul>
    </Dialog>
  )
}
