import { useId, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { runUndo } from '@/components/audit/audit-api'
import { useBulkRunner } from '@/components/bulk/use-bulk-runner'
import { waitingText } from '@/components/bulk/run-bulk'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { localCall } from '@/lib/api-client'
import { errorLine } from '@/lib/error-text'
import { formatNumber, plural } from '@/lib/format'
import { keys } from '@/lib/query-keys'
import { dnsRecordInputSchemas } from '@/shared/schemas/dns-record-input'
import type { DnsRecordType } from '@/shared/dns/record-types'
import type { ReplaceChange, ReplacePreview, ReplaceSelection, ReplaceZonePreview, ReplaceZoneResult } from '@/shared/schemas/record-replace'
import { applyReplace, previewReplace } from '../api/replace-records'

const inputClass =
  'h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'

/**
 * The new value checked at the field with the record type's own schema (the one the record form and
 * the server use), for every type among the chosen records. Types whose value is made of fields
 * (SRV, CAA…) are said to be skipped. Returns the message to show, or undefined.
 */
export function contentProblem(value: string, types: readonly string[]): string | undefined {
  if (!value.trim()) return 'Type the new value.'
  for (const t of types) {
    const member = dnsRecordInputSchemas[t as DnsRecordType] as { shape: Record<string, { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }> } | undefined
    const content = member?.shape.content
    if (!content) continue
    const check = content.safeParse(value.trim())
    if (!check.success) return `Not valid for ${t} records: ${check.error?.issues[0]?.message ?? 'refused'}`
  }
  return undefined
}

const howText: Record<ReplaceZonePreview['how'], string> = {
  direct: 'Written directly',
  change_request: 'Needs approval: a change request is filed',
  refused: 'Refused',
}

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v))

/**
 * "Change them all": the new value (or delete), a preview per zone read from the API now (before →
 * after, the impact notes, zones refused and why), then one call per zone with progress, cancel and
 * the rate limit waited out, and a result per zone and per record, with each zone's undo.
 */
export default function ReplaceDialog({ selection, count, types, onClose }: { selection: ReplaceSelection; count: number; types: readonly string[]; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [action, setAction] = useState<ReplaceChange['action']>('replace')
  const [content, setContent] = useState('')
  const [touched, setTouched] = useState(false)
  const [reason, setReason] = useState('')
  const [preview, setPreview] = useState<{ change: ReplaceChange; answer: ReplacePreview } | null>(null)
  const [previewError, setPreviewError] = useState<unknown>(null)
  const [previewing, setPreviewing] = useState(false)
  const [outcomes, setOutcomes] = useState<Record<string, ReplaceZoneResult>>({})
  const [undone, setUndone] = useState<Record<string, string>>({})
  const fieldId = useId()
  const errorId = useId()
  const problem = action === 'replace' ? contentProblem(content, types) : undefined
  const runner = useBulkRunner<ReplaceZonePreview>({
    key: (z) => z.zone_id,
    label: (z) => z.zone_name,
    concurrency: 1,
    perItem: async (z) => {
      const out = await applyReplace(z.zone_id, selection, preview!.change, reason.trim() || undefined)
      setOutcomes((o) => ({ ...o, [z.zone_id]: out }))
      if (out.outcome === 'failed') throw new Error(out.message ?? 'Failed.')
    },
  })
  const running = runner.phase === 'running' || runner.phase === 'cancelling'

  const askPreview = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (problem) return
    const change: ReplaceChange = action === 'delete' ? { action: 'delete' } : { action: 'replace', content: content.trim() }
    setPreviewing(true)
    setPreviewError(null)
    try {
      setPreview({ change, answer: await previewReplace(selection, change) })
    } catch (err) {
      setPreviewError(err)
    } finally {
      setPreviewing(false)
    }
  }
  const writable = preview?.answer.zones.filter((z) => z.how !== 'refused' && z.rows.some((r) => !r.problem)) ?? []
  const apply = async () => {
    setOutcomes({})
    await runner.start(writable)
    await queryClient.invalidateQueries({ queryKey: ['search', 'records'] })
    await queryClient.invalidateQueries({ queryKey: keys.audit.all })
  }
  const undo = async (z: ReplaceZoneResult) => {
    try {
      // Newest first, as the audit log's undo of several batches.
      for (const id of [...z.audit_ids].reverse()) await runUndo(id, false)
      setUndone((u) => ({ ...u, [z.zone_id]: 'Undone.' }))
    } catch (err) {
      setUndone((u) => ({ ...u, [z.zone_id]: `The undo stopped: ${errorLine(err)}` }))
    }
    await queryClient.invalidateQueries({ queryKey: ['search', 'records'] })
  }

  // With zones of several accounts, each zone says which account it is in (the names: the account switcher's list).
  const scope = useQuery({ queryKey: keys.accountsInScope, queryFn: ({ signal }) => localCall('GET', '/api/local/accounts', { signal }), staleTime: 60_000 })
  const accountOf = zoneAccounts(preview?.answer.zones ?? [], scope.data?.accounts ?? [])

  const started = runner.phase !== 'idle'
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!running}
      size="xl"
      title={`Change ${plural(count, 'matching record')}`}
      description="Nothing is changed until you apply. The preview reads every zone's records from the API again, so it shows them as they are now."
      footer={
        running ? (
          <Button onClick={runner.cancel} disabled={runner.phase === 'cancelling'}>
            {runner.phase === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : started ? (
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Close</Button>
            {preview && (
              <Button variant="primary" disabled={!writable.length} onClick={() => void apply()}>
                Apply to {plural(writable.length, 'zone')}
              </Button>
            )}
          </>
        )
      }
    >
      {!started && (
        <form onSubmit={(e) => void askPreview(e)} className="space-y-3" aria-label="The change">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">What to do</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="action" value="replace" checked={action === 'replace'} onChange={() => { setAction('replace'); setPreview(null) }} />
              Replace the content with a new value
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="action" value="delete" checked={action === 'delete'} onChange={() => { setAction('delete'); setPreview(null) }} />
              Delete the records
            </label>
          </fieldset>
          {action === 'replace' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={fieldId} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
                New value
              </label>
              <input
                id={fieldId}
                value={content}
                onChange={(e) => { setContent(e.target.value); setPreview(null) }}
                onBlur={() => setTouched(true)}
                aria-invalid={touched && problem ? true : undefined}
                aria-describedby={touched && problem ? errorId : undefined}
                className={inputClass}
                autoComplete="off"
                data-autofocus
              />
              {touched && problem && (
                <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
                  {problem}
                </p>
              )}
            </div>
          )}
          <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Reason (for zones that need approval)
            <input value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} className={inputClass} />
          </label>
          <Button type="submit" pending={previewing}>
            Preview
          </Button>
          {previewError !== null && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {errorLine(previewError)}
            </p>
          )}
        </form>
      )}
      {preview && !started && <Preview answer={preview.answer} accountOf={accountOf} />}
      {started && (
        <div className="space-y-3">
          <div>
            <div className="mb-1 text-sm text-zinc-700 dark:text-zinc-300">
              {formatNumber(runner.results.length)} of {plural(runner.total, 'zone')}
            </div>
            <div role="progressbar" aria-label="Zones done" aria-valuemin={0} aria-valuemax={runner.total} aria-valuenow={runner.results.length} className="h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700">
              <div className="h-full rounded-full bg-blue-600" style={{ width: `${runner.total ? Math.round((runner.results.length / runner.total) * 100) : 0}%` }} />
            </div>
          </div>
          {runner.waiting !== null && runner.phase === 'running' && (
            <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {waitingText(runner.waiting)}. The API allows the whole team a limited number of requests per five minutes; this work waits so that nobody's pages are refused. You can still cancel.
            </p>
          )}
          <ul aria-label="Result per zone" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-700">
            {runner.results.map((r) => {
              const out = outcomes[r.key]
              return (
                <li key={r.key} className="space-y-1 px-3 py-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <span className="min-w-0 font-medium break-all">{r.label}</span>
                    <span>{out ? zoneOutcome(out) : r.status === 'skipped' ? 'Skipped (cancelled)' : 'Failed'}</span>
                  </div>
                  <AccountLine name={accountOf(r.key)} />
                  {r.errors?.map((e, i) => (
                    <p key={i} className="text-red-800 dark:text-red-300">
                      {e.message}
                    </p>
                  ))}
                  {out && (
                    <>
                      {out.message && <p>{out.message}</p>}
                      <ul aria-label={`Records in ${out.zone_name}`} className="space-y-0.5">
                        {out.records.map((x) => (
                          <li key={x.id} className="break-all">
                            {x.label}: {x.status}
                            {x.message ? ` (${x.message})` : ''}
                          </li>
                        ))}
                      </ul>
                      {out.change_request_id !== null && (
                        <Link to="/change-requests/$requestId" params={{ requestId: String(out.change_request_id) }} className="text-blue-700 underline dark:text-blue-300">
                          Change request #{out.change_request_id}
                        </Link>
                      )}
                      {out.audit_ids.length > 0 && (
                        <div className="flex flex-wrap items-center gap-2">
                          <span>Audit {out.audit_ids.length === 1 ? 'entry' : 'entries'} {out.audit_ids.map((id) => `#${id}`).join(', ')}</span>
                          <Link to="/audit" search={{ zone: out.zone_name, action: 'batch' }} className="text-blue-700 underline dark:text-blue-300">
                            Open in the audit log
                          </Link>
                          {undone[out.zone_id] ? (
                            <span role="status">{undone[out.zone_id]}</span>
                          ) : (
                            <Button size="sm" disabled={running} onClick={() => void undo(out)} aria-label={`Undo the change in ${out.zone_name}`}>
                              Undo
                            </Button>
                          )}
                        </div>
                      )}
                    </>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </Dialog>
  )
}

const zoneOutcome = (z: ReplaceZoneResult) =>
  ({ applied: 'Applied', filed: 'Change request filed', refused: 'Refused', failed: 'Failed', nothing: 'Nothing to change' })[z.outcome]

/**
 * The account each zone is in, by name (its id when the list does not name it), when the zones span
 * several accounts; undefined when they are all in one (nothing to tell apart).
 */
export function zoneAccounts(zones: readonly Pick<ReplaceZonePreview, 'zone_id' | 'account_id'>[], accounts: readonly { id: string; name: string }[]): (zoneId: string) => string | undefined {
  const ofZone = new Map(zones.map((z) => [z.zone_id, z.account_id]))
  if (new Set(zones.map((z) => z.account_id).filter(Boolean)).size < 2) return () => undefined
  const names = new Map(accounts.map((a) => [a.id, a.name]))
  return (zoneId) => {
    const id = ofZone.get(zoneId)
    return id ? names.get(id) || id : undefined
  }
}

/** Which account a zone is in (a name from the API: text). */
function AccountLine({ name }: { name: string | undefined }) {
  return name === undefined ? null : <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">Account: {name}</p>
}

function Preview({ answer, accountOf }: { answer: ReplacePreview; accountOf: (zoneId: string) => string | undefined }) {
  return (
    <section aria-label="Preview per zone" className="mt-4 space-y-3">
      <p className="text-sm font-medium">
        {plural(answer.records, 'record')} will change, in {plural(answer.zones.filter((z) => z.how !== 'refused').length, 'zone')}.
      </p>
      {answer.zones.map((z) => (
        <section key={z.zone_id} aria-label={`Preview of ${z.zone_name}`} className="space-y-1 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-700">
          <h3 className="font-semibold break-all">{z.zone_name}</h3>
          <AccountLine name={accountOf(z.zone_id)} />
          <p>
            {howText[z.how]}
            {z.reason ? `: ${z.reason}` : ''}
            {z.how === 'direct' && z.rows.length > z.batch_limit ? ` (in ${Math.ceil(z.rows.length / z.batch_limit)} batches of up to ${formatNumber(z.batch_limit)})` : ''}
          </p>
          {z.gone > 0 && <p>{plural(z.gone, 'match')} of the search no longer there or no longer matching (changed since it was read): left out.</p>}
          {z.rows.length > 0 && (
            <ul aria-label={`Records in ${z.zone_name}`} className="space-y-0.5">
              {z.rows.map((r) => (
                <li key={r.id} className="break-all">
                  <span className="font-medium">{r.label}</span>: <span className="font-mono text-xs">{show(r.before.content)}</span> →{' '}
                  <span className="font-mono text-xs">{r.problem ? 'unchanged' : r.after ? show(r.after.content) : 'deleted'}</span>
                  {r.problem && <span className="text-amber-800 dark:text-amber-300"> ({r.problem})</span>}
                </li>
              ))}
            </ul>
          )}
          {z.impact.length > 0 && (
            <ul aria-label={`Impact in ${z.zone_name}`} className="list-disc space-y-0.5 pl-5">
              {z.impact.map((n, i) => (
                <li key={i} className={n.severity === 'warning' ? 'text-amber-900 dark:text-amber-200' : undefined}>
                  {n.text}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  )
}
