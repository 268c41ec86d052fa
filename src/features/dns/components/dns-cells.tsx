import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { Switch } from '@/components/form/switch'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { BreakAtDots } from '@/components/ui/break-at-dots'
import { Button } from '@/components/ui/button'
import { TruncatedText } from '@/components/ui/truncated-text'
import { isProxiableType } from '@/shared/dns/record-types'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { useDnsTable } from './dns-table-context'

// The explanations (every record type in words) load when the first one is asked for.
const RecordExplanation = lazy(() => import('./record-explanation').then((m) => ({ default: m.RecordExplanation })))

/** "A record www.example.com": how a record is named in buttons, dialogs and results. */
export const recordLabel = (r: Pick<DnsRecord, 'type' | 'name'>) => `${r.type} record ${r.name}`

/**
 * A badge whose explanation opens on a click, a tap or Enter (a hover-only title reaches neither
 * keyboards nor touch screens): the explanation shows under the badges.
 */
function ExplainedBadge({ tone, text, why }: { tone?: BadgeTone; text: string; why: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
      >
        <Badge tone={tone}>
          {text}
          <span aria-hidden="true" className="text-[0.65rem] opacity-70">
            {open ? '▲' : 'ⓘ'}
          </span>
          <span className="sr-only">: {open ? 'hide' : 'show'} what this means</span>
        </Badge>
      </button>
      {open && (
        <p id={id} className="basis-full text-xs text-zinc-700 dark:text-zinc-300">
          {why}
        </p>
      )}
    </>
  )
}

/** Shadow metadata in words: records under a delegation are answered by other name servers. */
function ShadowBadge({ meta }: { meta: DnsRecord['meta'] }) {
  if (meta.dead_glue)
    return (
      <ExplainedBadge
        tone="warning"
        text="Unreachable glue"
        why="Glue for a delegation that a shallower delegation cuts off: it is never served. Safe to remove once the other name servers hold it."
      />
    )
  if (meta.is_glue)
    return (
      <ExplainedBadge
        tone="info"
        text="Glue"
        why="The address of a name server the delegation points to: still served with the delegation so resolvers can reach it."
      />
    )
  if (meta.shadowed_by?.length)
    return (
      <ExplainedBadge
        tone="warning"
        text="Shadowed by a delegation"
        why="This name is delegated to other name servers (an NS record above it), so they answer for it and this record is not served."
      />
    )
  if (meta.shadowed_records_count)
    return (
      <ExplainedBadge
        text={`Hides ${meta.shadowed_records_count}`}
        why={`Delegates this name: ${meta.shadowed_records_count} record(s) at or below it are answered by the delegated name servers, not by this zone.`}
      />
    )
  return null
}

/** Per-record settings (2025–2026), where they change what the record does. */
function settingBadges(record: DnsRecord) {
  const s = record.settings as { ipv4_only?: boolean; ipv6_only?: boolean; flatten_cname?: boolean }
  const out: { text: string; title: string }[] = []
  if (record.type === 'CNAME' && s.flatten_cname && !record.proxied)
    out.push({ text: 'Flattened', title: 'Answered with the target’s addresses instead of the CNAME (CNAME flattening).' })
  if (record.proxied && s.ipv4_only) out.push({ text: 'IPv4 only', title: 'The proxy answers with IPv4 addresses only (no AAAA).' })
  if (record.proxied && s.ipv6_only) out.push({ text: 'IPv6 only', title: 'The proxy answers with IPv6 addresses only (no A).' })
  return out
}

// Internationalised names are rare: their decoder (../shared/dns/idn) loads when a name needs it,
// so the DNS page's first load stays within the bundle budget.
let idn: typeof import('@/shared/dns/idn') | undefined
function useUnicodeName(name: string): string {
  const needs = /(^|\.)xn--/i.test(name)
  const [, loaded] = useState(0)
  useEffect(() => {
    if (needs && !idn)
      void import('@/shared/dns/idn').then((m) => {
        idn = m
        loaded((n) => n + 1)
      })
  }, [needs])
  return needs && idn ? idn.toUnicodeName(name) : name
}

export function NameCell({ record }: { record: DnsRecord }) {
  const auto = record.meta.auto_added === true
  const settings = settingBadges(record)
  const shadow = Boolean(record.meta.shadowed_by?.length || record.meta.shadowed_records_count || settings.length)
  const unicode = useUnicodeName(record.name)
  return (
    <div className="min-w-36">
      <span className="font-mono text-[0.8125rem] text-zinc-900 [overflow-wrap:break-word] dark:text-zinc-100">
        {/* A possible line break after each dot, so long names wrap between their parts. */}
        <BreakAtDots text={unicode} />
      </span>
      {/* An internationalised name: readable first, then the stored (punycode) form, as the service's dashboard shows it. */}
      {unicode !== record.name && (
        <span className="block font-mono text-xs text-zinc-600 [overflow-wrap:break-word] dark:text-zinc-400">
          (<BreakAtDots text={record.name} />)
        </span>
      )}
      {(auto || shadow || record.type === 'SOA') && (
        // The column has a fixed width (see dns-columns.tsx): a long badge wraps inside it.
        <div className="mt-1 flex flex-wrap gap-1 *:whitespace-normal">
          <ShadowBadge meta={record.meta} />
          {settings.map((b) => (
            <Badge key={b.text} title={b.title}>
              {b.text}
            </Badge>
          ))}
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
    <div>
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
        <p id={`explain-${record.id}`} className="mt-1.5 max-w-xl border-l-2 border-blue-300 pl-2 text-sm text-zinc-700 [overflow-wrap:anywhere] dark:border-blue-700 dark:text-zinc-300">
          <Suspense fallback="Explaining…">
            <RecordExplanation record={record} lowestMxPriority={lowestMx.get(record.name)} />
          </Suspense>
        </p>
      )}
    </div>
  )
}

/** What the proxy switch does for this person on this zone: saved at once, or added to their change request. */
const switchEffect = (proposing: boolean) => (proposing ? 'adds to your change request' : 'applies at once')

/** The proxy column's header, with what its switch will do (nothing said to whom it is read-only). */
export function ProxyHeader() {
  const { canEdit, proposing } = useDnsTable()
  return (
    <span>
      Proxy status
      {canEdit && (
        <span className="block text-xs font-normal tracking-normal text-zinc-600 normal-case dark:text-zinc-400">switch {switchEffect(proposing)}</span>
      )}
    </span>
  )
}

export function ProxiedCell({ record }: { record: DnsRecord }) {
  const { setProxied, proxiedSaving, canEdit, proposing } = useDnsTable()
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
        disabled={!canEdit || proxiedSaving === record.id}
        onChange={(v) => setProxied(record, v)}
        label={`Proxy ${record.name} (${record.type} ${record.content}); ${switchEffect(proposing)}`}
      />
      <span className={record.proxied ? 'font-medium text-blue-700 dark:text-blue-300' : 'text-zinc-600 dark:text-zinc-400'}>
        {record.proxied ? 'Proxied' : 'DNS only'}
      </span>
    </div>
  )
}

export function RowActions({ record }: { record: DnsRecord }) {
  const { edit, remove, history, canEdit } = useDnsTable()
  if (record.type === 'SOA') return <span className="px-2 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">Automatic</span>
  // History is reading: offered to everyone; Edit and Delete only with the role (the page says why).
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      {canEdit && (
        <Button size="sm" variant="ghost" aria-label={`Edit ${recordLabel(record)}`} onClick={() => edit(record)}>
          Edit
        </Button>
      )}
      <Button size="sm" variant="ghost" aria-label={`History of ${recordLabel(record)}`} onClick={() => history(record)}>
        History
      </Button>
      {canEdit && (
        <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" aria-label={`Delete ${recordLabel(record)}`} onClick={() => remove(record)}>
          Delete
        </Button>
      )}
    </div>
  )
}
