import { randomUUID } from 'node:crypto'
import type { ChangeRequestInterruption, ChangeRequestStatus, ChangeRequestView, ItemProblem, ItemResult } from '../../shared/schemas/change-requests'
import type { Store } from '../store'
import type { Lease, LeaseRow, Recovery } from '../store/change-request-lease'
import { itemLabel } from './review'

/** The proxy's answer to a write the API did not answer in time: it may still have landed. */
export const WRITE_TIMEOUT_CODE = 10505

export const UNKNOWN_SENT = 'Sent, but no answer was recorded (the server stopped, or the API did not answer), so it may or may not have landed. Check the zone.'
const UNKNOWN_LATE = 'Sent, but the API did not answer in time, so it may still have landed. Check the zone.'
const NOT_SENT = 'Not tried: the apply stopped before sending it.'
const UNDO_UNKNOWN = 'The undo was sent, but no answer was recorded, so it may or may not have happened. Check the zone.'
const UNDO_NOT_SENT = 'Not tried: the undo stopped before sending it.'

const said = (errors: { code?: number; message?: string }[]) => errors.map((e) => `${e.message ?? 'Refused'}${e.code ? ` (code ${e.code})` : ''}`).join(' ')
const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`

/**
 * What an apply cut short did, from the store alone: each item's write was marked with its request id
 * before it was sent, and the audit log keeps one entry per write under that id once its answer came.
 * An entry that succeeded: landed (its entry is what undo reverses). One the API refused: not landed.
 * One that timed out, or no entry at all for a write that was sent: unknown. Never sent: not tried.
 */
export async function applyTruth(store: Store, r: ChangeRequestView): Promise<Omit<Recovery, 'interrupted'> & { known: number; unknown: number; notTried: number }> {
  const crs = store.changeRequests
  const sent = await crs.sentRequestIds(r.id)
  const entries = new Map((await crs.auditByRequestIds([...new Set(sent.filter((s): s is string => s !== null))])).map((e) => [e.requestId, e]))
  const results: ItemResult[] = r.items.map((_, i) => {
    const rid = sent[i] ?? null
    if (!rid) return { status: 'not_applied', message: NOT_SENT }
    const e = entries.get(rid)
    if (!e) return { status: 'unknown', message: UNKNOWN_SENT }
    if (e.outcome === 'success') return { status: 'applied', entryId: e.id }
    if (e.errors.some((x) => x.code === WRITE_TIMEOUT_CODE)) return { status: 'unknown', message: `${UNKNOWN_LATE} (Audit entry #${e.id}.)` }
    return { status: 'failed', message: said(e.errors) || `The API answered ${e.status}.` }
  })
  const known = results.filter((x) => x.status === 'applied').length
  const unknown = results.filter((x) => x.status === 'unknown').length
  const notTried = results.filter((x) => x.status === 'not_applied').length
  const n = r.items.length
  const status: ChangeRequestStatus = unknown ? 'interrupted' : known === n ? 'applied' : known ? 'partly_applied' : 'failed'
  const dnsOnly = r.items.every((it) => it.kind === 'dns_record')
  const problems: ItemProblem[] = r.items.flatMap((item, i) =>
    results[i].status === 'failed' || results[i].status === 'unknown' ? [{ position: item.position, label: itemLabel(item), message: results[i].message ?? '' }] : [],
  )
  return {
    status,
    results,
    problems,
    appliedEntryId: dnsOnly && known === n ? (results[0]?.entryId ?? null) : null,
    retryable: known === 0 && unknown === 0,
    known,
    unknown,
    notTried,
  }
}

/**
 * What an undo cut short did: each applied change's undo is reserved in the audit log's own store
 * before it is sent (done once it succeeded), and the undo's write has its entry (`undo_of`).
 */
export async function undoTruth(store: Store, r: ChangeRequestView, from: ChangeRequestStatus | null): Promise<Omit<Recovery, 'interrupted'> & { known: number; unknown: number; total: number }> {
  const applied = r.items.filter((it) => it.result?.status === 'applied')
  const facts = await store.changeRequests.undoFacts([...new Set(applied.map((it) => it.result?.entryId).filter((e): e is number => Boolean(e)))])
  const results = r.items.map((it): ItemResult | null => {
    if (it.result?.status !== 'applied' || it.result.undo?.status === 'undone') return it.result
    const f = it.result.entryId ? facts.get(it.result.entryId) : undefined
    const undo: NonNullable<ItemResult['undo']> =
      f?.state === 'done' ? { status: 'undone' } : f?.state === 'pending' ? { status: 'unknown', message: UNDO_UNKNOWN } : { status: 'not_undone', message: UNDO_NOT_SENT }
    return { ...it.result, undo }
  })
  const undone = results.filter((x) => x?.status === 'applied' && x.undo?.status === 'undone').length
  const unknown = results.filter((x) => x?.undo?.status === 'unknown').length
  // Undone only when every applied change is known undone and no change of the apply is of unknown outcome.
  const all = undone === applied.length && !results.some((x) => x?.status === 'unknown')
  const back: ChangeRequestStatus = from === 'applied' || from === 'partly_applied' || from === 'interrupted' ? from : r.items.every((it) => it.result?.status === 'applied') ? 'applied' : 'partly_applied'
  return { status: all ? 'undone' : back, results, known: undone, unknown, total: applied.length }
}

export function interruptionWords(phase: 'apply' | 'undo', t: { known: number; unknown: number; total: number; notTried?: number }): string {
  if (phase === 'apply') {
    return [
      `Interrupted: the server stopped while applying; ${t.known} of ${changes(t.total)} ${t.known === 1 ? 'is' : 'are'} known to have landed.`,
      t.unknown ? `The outcome of ${changes(t.unknown)} is unknown: sent, with no answer recorded.` : '',
      t.notTried ? `${changes(t.notTried)} ${t.notTried === 1 ? 'was' : 'were'} not tried.` : '',
    ].filter(Boolean).join(' ')
  }
  return [
    `Interrupted: the server stopped while undoing; ${t.known} of ${t.total} applied ${t.total === 1 ? 'change is' : 'changes are'} known to be undone.`,
    t.unknown ? `Whether the undo of ${changes(t.unknown)} happened is unknown.` : '',
  ].filter(Boolean).join(' ')
}

export interface RecoveryOptions {
  store: Store
  /** This instance's name (what leases and recoveries record). */
  instance: string
  leaseMs: number
  /** `live` or `sandbox`, for the recovery's audit entry (practice requests get `practice`). */
  mode: string
  /** Told once per recovery, by the instance that made it (the e-mail to the people concerned). */
  recovered?: (r: ChangeRequestView) => Promise<void>
}

/**
 * Recovers the requests whose apply or undo lease ran out: the store lets exactly one
 * instance claim each (one conditional UPDATE), which then works out what happened from the store and
 * the audit log, writes that under the lease it claimed, and records an audit entry `recover`.
 * Returns the ids this call recovered.
 */
export async function recoverExpired(o: RecoveryOptions, ids?: number[]): Promise<number[]> {
  const done: number[] = []
  for (const id of await o.store.changeRequests.expired(ids)) {
    if (await recoverOne(o, id)) done.push(id)
  }
  return done
}

async function recoverOne(o: RecoveryOptions, id: number): Promise<boolean> {
  const crs = o.store.changeRequests
  const seen: LeaseRow | undefined = await crs.leaseOf(id)
  if (!seen || (seen.status !== 'applying' && seen.status !== 'undoing')) return false
  const lease: Lease = { instance: o.instance, token: randomUUID(), ms: o.leaseMs }
  if (!(await crs.claimExpired(id, seen.token, lease))) return false
  const r = (await crs.get(id))!
  const phase = seen.status === 'applying' ? 'apply' : 'undo'
  const truth = phase === 'apply' ? await applyTruth(o.store, r) : await undoTruth(o.store, r, seen.from)
  const total = phase === 'apply' ? r.items.length : (truth as { total: number }).total
  const interrupted: ChangeRequestInterruption = {
    phase,
    instance: seen.instance ?? 'an instance from before leases',
    leasedAt: seen.leasedAt ?? r.updatedAt,
    recoveredAt: Date.now(),
    recoveredBy: o.instance,
    total,
    known: truth.known,
    unknown: truth.unknown,
    message: interruptionWords(phase, { ...truth, total }),
  }
  if (!(await crs.finishRecovery(id, lease.token, { ...truth, interrupted }))) return false
  await o.store.audit.add({
    at: Date.now(), requestId: randomUUID(), personId: null, username: 'zonekeeper', personName: `Zonekeeper (instance ${o.instance})`,
    mode: seen.practice ? 'practice' : o.mode, zoneId: r.zoneId, zoneName: r.zoneName, area: 'change-requests', resourceType: 'change_request', resourceId: String(id), action: 'recover',
    method: 'POST', path: `/api/local/change-requests/${id}`, outcome: 'success', status: 200, errors: [], before: { status: seen.status, instance: seen.instance, leasedAt: seen.leasedAt },
    after: { description: r.title, status: truth.status, summary: interrupted.message, results: truth.results.map((x, i) => `${i + 1}: ${x ? x.status.replace('_', ' ') : 'not applied'}${x?.undo ? `, undo ${x.undo.status.replace('_', ' ')}` : ''}`) },
    // The request's own account, as its apply's entries.
    undoOf: null, label: r.title, address: null, account: r.account,
  })
  // A practice request tells its person on the page only.
  if (o.recovered && !seen.practice) await o.recovered((await crs.get(id))!).catch(() => {})
  return true
}
