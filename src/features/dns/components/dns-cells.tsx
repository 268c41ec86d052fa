import { Fragment } from 'react'
import { Switch } from '@/components/form/switch'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TruncatedText } from '@/components/ui/truncated-text'
import { isProxiableType } from '@/shared/dns/record-types'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { explainRecord } from '../lib/explain-record'
import { useDnsTable } from './dns-table-context'

/** "A record www.example.com": how a record is named in buttons, dialogs and results. */
export const recordLabel = (r: Pick<DnsRecord, 'type' | 'name'>) => `${r.type} record ${r.name}`

export function NameCell({ record }: { record: DnsRecord }) {
  const auto = record.meta.auto_added === true
  return (
    <div className="min-w-36">
      <span className="font-mono text-[0.8125rem] text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">
        {/* A possible line break after each dot, so long names wrap between their parts. */}
        {record.name.split('.').map((part, i) => (
          <Fragment key={i}>
            {i > 0 && '.'}
            {i > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </span>
      {(auto || record.type === 'SOA') && (
        <div className="mt-1 flex flex-wrap gap-1">
          {auto && (
            <Badge tone="info" title="The service added this record by itself (for example during setup or for HTTP/3). It works like any other record.">
              Added automatically
            </Badge>
          )}
          {record.type === 'SOA' && <Badge title="The SOA record is managed by the service and cannot be changed or deleted.">Read-only</Badge>}
        </div>
      )}
    </div>
  )
}

const PRIORITY_TYPES = new Set(['MX', 'URI', 'SRV'])

export function ContentCell({ record }: { record: DnsRecord }) {
  const { explainAll, explained, toggleExplain, lowestMx } = useDnsTable()
  const open = explainAll || explained.has(record.id)
  return (
    <div className="min-w-40">
      {PRIORITY_TYPES.has(record.type) && record.priority !== undefined && (
        <span className="mr-1.5 rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" title="Priority: lower numbers are tried first">
          {record.priority}
        </span>
      )}
      <TruncatedText value={record.content} max={64} mono />
      {!explainAll && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? `explain-${record.id}` : undefined}
          aria-label={`Explain ${recordLabel(record)}`}
          onClick={() => toggleExplain(record.id)}
          className="ml-2 rounded px-1 text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
        >
          {open ? 'Hide explanation' : 'Explain'}
        </button>
      )}
      {open && (
        <p id={`explain-${record.id}`} className="mt-1.5 max-w-xl border-l-2 border-blue-300 pl-2 text-sm text-zinc-700 dark:border-blue-700 dark:text-zinc-300">
          {explainRecord(record, { lowestMxPriority: lowestMx.get(record.name) })}
        </p>
      )}
    </div>
  )
}

export function ProxiedCell({ record }: { record: DnsRecord }) {
  const { setProxied, proxiedSaving } = useDnsTable()
  if (!isProxiableType(record.type)) {
    return (
      <span className="text-zinc-600 dark:text-zinc-400" title="Only A, AAAA and CNAME records can be proxied.">
        DNS only
      </span>
    )
  }
  if (!record.proxiable) {
    return (
      <span className="text-zinc-600 dark:text-zinc-400" title="This target cannot go through the proxy (for example a private address).">
        DNS only<span className="sr-only"> (this target cannot be proxied)</span>
      </span>
    )
  }
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <Switch
        checked={record.proxied}
        disabled={proxiedSaving === record.id}
        onChange={(v) => setProxied(record, v)}
        label={`Proxy ${record.name} (${record.type} ${record.content})`}
      />
      <span className={record.proxied ? 'font-medium text-orange-700 dark:text-orange-300' : 'text-zinc-600 dark:text-zinc-400'}>
        {record.proxied ? 'Proxied' : 'DNS only'}
      </span>
    </div>
  )
}

export function RowActions({ record }: { record: DnsRecord }) {
  const { edit, remove, history } = useDnsTable()
  if (record.type === 'SOA') return <span className="px-2 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">Automatic</span>
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <Button size="sm" variant="ghost" aria-label={`Edit ${recordLabel(record)}`} onClick={() => edit(record)}>
        Edit
      </Button>
      <Button size="sm" variant="ghost" aria-label={`History of ${recordLabel(record)}`} onClick={() => history(record)}>
        History
      </Button>
      <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" aria-label={`Delete ${recordLabel(record)}`} onClick={() => remove(record)}>
        Delete
      </Button>
    </div>
  )
}
