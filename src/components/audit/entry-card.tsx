import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useCan } from '@/lib/access'
import { isApiArea, writeRole } from '@/shared/access'
import { appliedRequestOf, mayUndo, objectWords, recordChangesOf, type AppliedRequestView, type AuditEntryView } from '@/shared/audit'
import { labelOf } from '@/shared/audit-label'
import type { AuditAction } from '@/shared/lists/audit'
import { auditEntryQueryOptions, restorePointUrl } from './audit-api'
import { DNS_RECORD_WORDS } from './dns-words'
import { EntryDiff } from './entry-diff'
import { UndoPanel } from './undo-panel'

/** A label for every action of the audit log's vocabulary (src/shared/lists/audit.ts), and no other. */
export const ACTION_WORDS: Readonly<Record<string, string>> = {
  create: 'Created', update: 'Changed', replace: 'Replaced', delete: 'Deleted', proxy: 'Changed the proxy status',
  batch: 'Bulk change', import: 'Imported records', undo: 'Undid a change', reset: 'Reset the sandbox', accept: 'Accepted', decline: 'Declined',
  password: 'Reset a password', 'end-sessions': 'Ended sessions', validate: 'Validated',
  'sign-in': 'Sign-in', 'sign-out': 'Signed out', 'password-change': 'Changed own password',
  'token-create': 'Made a personal API token', 'token-revoke': 'Revoked a personal API token', 'tokens-revoke': "Revoked all of a person's API tokens",
  'second-factor': 'Second factor at sign-in', 'two-factor-on': 'Turned on two-factor sign-in', 'two-factor-off': 'Turned off two-factor sign-in',
  'two-factor-reset': "Reset a person's second factor",
  scan: 'Scanned for DNS records', 'scan-review': 'Accepted or rejected scanned records',
  file: 'Filed a change request', approve: 'Approved a change request', reject: 'Rejected a change request',
  apply: 'Applied an approved change', fail: 'An approved change failed', refresh: 'Refreshed a change request', withdraw: 'Withdrew a change request',
  'apply-partly': 'Applied part of an approved change', 'apply-unknown': 'Applied an approved change (outcome unknown)',
  recover: 'Recovered an interrupted change request', read: 'Read a zone file to propose', 'link-sso': 'Linked a single sign-on identity', 'unlink-sso': 'Unlinked a single sign-on identity',
  switch: 'Switched practice on or off', check: 'Checked page scripts now', 'mark-read': 'Marked an alert read', simulate: 'Simulated page activity',
  'send-test': 'Sent a test to an alert channel',
} satisfies Record<AuditAction, string>
const OUTCOME_TONE: Record<string, BadgeTone> = { success: 'success', failure: 'danger', refused: 'warning', unknown: 'warning' }
export const OUTCOME_WORDS: Record<string, string> = { success: 'Done', failure: 'Failed', refused: 'Refused', unknown: 'Outcome unknown' }

export const whenText = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** Before and after as the diff shows them: an import shows the records it created. */
function sides(e: AuditEntryView): [unknown, unknown] {
  if (e.resourceType === 'dns_records' && e.action === 'import') return [null, (e.after as { created?: unknown } | null)?.created ?? e.after]
  if (e.resourceType === 'dns_records') return [(e.before as { records?: unknown } | null)?.records ?? e.before, e.after]
  return [e.before, e.after]
}

/**
 * What an entry changed, field by field. A DNS batch (a bulk change, an applied change request) is
 * shown record by record, each as a single record's edit is; `record` keeps only that record's part
 * (a record's own history).
 */
function EntryChanges({ entry: e, record }: { entry: AuditEntryView; record?: string }) {
  const parts = recordChangesOf(e)
  if (!parts) {
    const [before, after] = sides(e)
    return <EntryDiff before={before} after={after} caption={`Changes in entry ${e.id}`} words={e.resourceType === 'dns_record' ? DNS_RECORD_WORDS : undefined} />
  }
  const mine = record ? parts.filter((p) => p.id === record) : []
  return (
    <div className="space-y-2">
      {(mine.length ? mine : parts).map((p, i) => {
        const label = labelOf('dns_record', p.before, p.after) ?? p.id ?? 'a record'
        const verb = p.before === null ? 'Created' : p.after === null ? 'Deleted' : 'Changed'
        return (
          <section key={p.id ?? `new-${i}`} aria-label={`${verb} ${label}`} className="space-y-1">
            <h3 className="text-sm font-medium">
              {verb} <span className="font-mono text-xs [overflow-wrap:anywhere]">{label}</span>
            </h3>
            <EntryDiff before={p.before} after={p.after} caption={`Changes to ${label} in entry ${e.id}`} words={DNS_RECORD_WORDS} />
          </section>
        )
      })}
    </div>
  )
}

/** The change request a write was applied from: its title (a link to it), who proposed it and who approved it. */
export function AppliedRequestLine({ request: r }: { request: AppliedRequestView }) {
  return (
    <p className="text-sm">
      Applied from change request{' '}
      <Link to="/change-requests/$requestId" params={{ requestId: String(r.id) }} className="font-medium text-blue-700 underline [overflow-wrap:anywhere] dark:text-blue-300">
        #{r.id} {r.title}
      </Link>
      , proposed by {r.requester.name} ({r.requester.username}) and approved by {r.approver.name} ({r.approver.username}).
    </p>
  )
}

/** One entry: when, who, what, the outcome, the field-by-field diff, the restore point, and Undo. */
export function EntryCard({ entry: e, undoneBy, record }: { entry: AuditEntryView; undoneBy?: boolean; record?: string }) {
  const [undoing, setUndoing] = useState(false)
  // A bulk change (an import's thousands of records) comes without its before and after in lists: read it whole.
  const whole = useQuery({ ...auditEntryQueryOptions(e.id), enabled: Boolean(e.omitted) })
  const full = e.omitted ? (whole.data?.entry ?? e) : e
  const applied = appliedRequestOf(full)
  // Undoing is a change of the same area in the same zone: the same role as the change itself.
  const can = useCan(isApiArea(e.area) ? writeRole(e.area, e.zoneId ? 'zone' : 'account') : 'admin', e.zoneName ?? undefined)
  return (
    <article className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700" aria-label={`Entry ${e.id}`}>
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{ACTION_WORDS[e.action] ?? e.action} <span className="font-mono text-xs [overflow-wrap:anywhere]">{objectWords(e)}</span></span>
        <Badge tone={OUTCOME_TONE[e.outcome]}>{OUTCOME_WORDS[e.outcome]}</Badge>
        {e.undoOf !== null && <Badge tone="info">Undo of entry {e.undoOf}</Badge>}
        <span className="text-zinc-600 dark:text-zinc-400">
          by {e.personName}{e.tokenPrefix ? ` with API token ${e.tokenPrefix}…` : ''} · <time dateTime={new Date(e.at).toISOString()}>{whenText(e.at)}</time> · {e.mode}
          {e.address && <> · from {e.address}</>}
        </span>
      </header>
      {applied && <AppliedRequestLine request={applied} />}
      {e.errors.length > 0 && (
        <ul className="text-sm text-red-800 dark:text-red-300">
          {e.errors.map((x, i) => <li key={i}>{x.code}: {x.message}</li>)}
        </ul>
      )}
      {e.outcome === 'success' && e.omitted && !whole.data ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">{whole.isError ? 'The full change could not be read just now.' : 'Reading the full change…'}</p>
      ) : (
        e.outcome === 'success' && <EntryChanges entry={full} record={record} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {e.hasRestorePoint && (
          <a className="text-sm text-blue-700 underline dark:text-blue-300" href={restorePointUrl(e.id)} download>
            Download the restore point (the zone's BIND file before this change)
          </a>
        )}
        {mayUndo(e) && !undoing && !undoneBy && (can.allowed ? (
          <Button size="sm" onClick={() => setUndoing(true)}>Undo</Button>
        ) : (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">Undo is not offered: {can.reason}</span>
        ))}
      </div>
      {undoing && <UndoPanel entryId={e.id} onCancel={() => setUndoing(false)} />}
    </article>
  )
}
