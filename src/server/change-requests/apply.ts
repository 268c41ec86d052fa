import type { ChangeItemView, ChangeRequestView, ItemProblem, ItemResult } from '../../shared/schemas/change-requests'
import { foundRecordBody } from './kinds'
import { WRITE_TIMEOUT_CODE } from './recover'
import { itemLabel, policyLabel, recordLabel } from './review'

const UNKNOWN_LATE = 'Sent, but the API did not answer in time, so it may still have landed. Check the zone.'

type Rec = Record<string, unknown>
type Kind = 'deletes' | 'patches' | 'posts'

/**
 * The request as one DNS batch (the API runs deletes, then patches, then posts, all or nothing),
 * and where each item landed in it, to read the answer and the errors back per item.
 */
export function toBatch(items: ChangeItemView[]) {
  const body: Record<Kind, Rec[]> = { deletes: [], patches: [], posts: [] }
  const at: { kind: Kind; index: number }[] = []
  for (const item of items) {
    const kind: Kind = item.action === 'delete' ? 'deletes' : item.action === 'update' ? 'patches' : 'posts'
    const entry = item.action === 'delete' ? { id: item.recordId } : item.action === 'update' ? { id: item.recordId, ...withoutId(item.body) } : withoutId(item.body)
    at.push({ kind, index: body[kind].push(entry) - 1 })
  }
  const sent = Object.fromEntries(Object.entries(body).filter(([, list]) => list.length))
  return { body: sent, at }
}

const withoutId = (b: Rec | null): Rec => {
  const { id: _id, ...rest } = b ?? {}
  return rest
}

/** Each item's record after the batch, from the batch's answer. */
export function aftersOf(result: unknown, at: { kind: Kind; index: number }[]): (Rec | null)[] {
  const r = (result ?? {}) as Partial<Record<Kind, Rec[]>>
  return at.map(({ kind, index }) => (kind === 'deletes' ? null : (r[kind]?.[index] ?? null)))
}

/** The API's errors, each on the item it points at (`/posts/0/content`), else on the batch as a whole. */
export function problemsOf(errors: { code?: number; message?: string; source?: { pointer?: string } }[], items: ChangeItemView[], at: { kind: Kind; index: number }[]): ItemProblem[] {
  return errors.map((e) => {
    const m = /^\/(deletes|patches|puts|posts)\/(\d+)/.exec(e.source?.pointer ?? '')
    const i = m ? at.findIndex((a) => a.kind === m[1] && a.index === Number(m[2])) : -1
    const item = items[i]
    const label = item ? recordLabel(item.action === 'create' ? item.body : item.before) : 'the batch'
    return { position: item ? item.position : -1, label, message: `${e.message ?? 'Refused'}${e.code ? ` (code ${e.code})` : ''}` }
  })
}

type ApiAnswer = { success?: boolean; result?: unknown; errors?: { code: number; message: string; source?: { pointer?: string } }[] } | null

export interface ApplyOutcome {
  /** `interrupted`: a write was sent but the API did not answer in time, so whether it landed is unknown. */
  status: 'applied' | 'failed' | 'partly_applied' | 'interrupted'
  problems: ItemProblem[] | null
  /** The audit entry of the DNS batch (what undo reverses), when the request holds only DNS changes. */
  appliedEntryId: number | null
  after: (Rec | null)[]
  results: ItemResult[]
  /** The API's errors, for the failure's audit entry. */
  errors: { code: number; message: string }[]
}

/** The apply no longer holds its request (its lease ran out and another instance recovered it): nothing more is sent. */
export class LeaseLost extends Error {
  constructor() {
    super('This request was recovered by another instance while this apply ran: nothing more was sent.')
  }
}

/** The proxy's answer to a write the API did not answer in time (it may still have landed). */
const timedOut = (errors: { code?: number }[] | undefined) => (errors ?? []).some((e) => Number(e.code) === WRITE_TIMEOUT_CODE)

export interface ApplyHooks {
  /**
   * Called before each write with the positions it carries: stores the write's request id on them
   * (so the audit log tells later whether it landed) and returns it; null when the lease is lost.
   */
  beforeSend(positions: number[]): Promise<string | null>
}

const policyPath = (zoneId: string, id?: string | null) => `/zones/${zoneId}/page_shield/policies${id ? `/${encodeURIComponent(id)}` : ''}`
const said = (errors: { code?: number; message?: string }[]) => errors.map((e) => `${e.message ?? 'Refused'}${e.code ? ` (code ${e.code})` : ''}`).join(' ')

/** One write of an apply: its method, its path below /api/v4, its body, and the request id stored on its items. */
export interface ApplyWrite {
  method: string
  path: string
  body?: unknown
  requestId?: string
}

/**
 * Applies an approved request, each write run as a write command of the approver's (`send`), so
 * roles, the upstream and the audit log treat it as theirs. DNS changes go first,
 * as one DNS batch: all or nothing. Records the DNS scan found follow as one request to the scan's
 * review endpoint (accepts and rejects, all or nothing), so the scan's list is left right too. Policies
 * have no batch: they follow one by one in the order given, and the first refusal stops the rest. The
 * outcome: applied (everything), failed (nothing changed) or partly applied (some writes landed before
 * one was refused), with a result per item.
 */
export async function applyRequest(
  r: ChangeRequestView,
  send: (write: ApplyWrite) => Promise<Response>,
  auditEntryOf: (res: Response) => number | null,
  hooks?: ApplyHooks,
): Promise<ApplyOutcome> {
  const mark = async (positions: number[]) => {
    if (!hooks) return undefined
    const id = await hooks.beforeSend(positions)
    if (id === null) throw new LeaseLost()
    return id
  }
  const after: (Rec | null)[] = r.items.map(() => null)
  const results: ItemResult[] = r.items.map(() => ({ status: 'not_applied', message: 'Not tried: an earlier change of this request was refused.' }))
  const dnsAt = r.items.map((item, i) => ({ item, i })).filter(({ item }) => item.kind === 'dns_record')
  const scans = r.items.map((item, i) => ({ item, i })).filter(({ item }) => item.kind === 'dns_scan_result')
  const policies = r.items.map((item, i) => ({ item, i })).filter(({ item }) => item.kind === 'page_shield_policy')
  let appliedEntryId: number | null = null
  let landed = 0
  if (dnsAt.length) {
    const dns = dnsAt.map(({ item }) => item)
    const batch = toBatch(dns)
    const requestId = await mark(dnsAt.map(({ i }) => i))
    const res = await send({ method: 'POST', path: `/zones/${r.zoneId}/dns_records/batch`, body: batch.body, requestId })
    const answer = (await res.json().catch(() => null)) as ApiAnswer
    if (timedOut(answer?.errors)) {
      for (const { i } of dnsAt) results[i] = { status: 'unknown', message: UNKNOWN_LATE }
      for (const { i } of [...scans, ...policies]) results[i] = { status: 'not_applied', message: 'Not tried: whether the DNS changes of this request landed is unknown.' }
      const problems = dnsAt.map(({ item }) => ({ position: item.position, label: itemLabel(item), message: UNKNOWN_LATE }))
      return { status: 'interrupted', problems, appliedEntryId: null, after, results, errors: answer!.errors!.map((e) => ({ code: Number(e.code), message: String(e.message) })) }
    }
    if (!res.ok || answer?.success === false) {
      const errors = answer?.errors?.length ? answer.errors : [{ code: res.status, message: `The API answered ${res.status}.` }]
      const problems = problemsOf(errors, dns, batch.at)
      for (const { item, i } of dnsAt) {
        const mine = problems.filter((p) => p.position === item.position)
        results[i] = mine.length ? { status: 'failed', message: mine.map((p) => p.message).join(' ') } : { status: 'not_applied', message: 'Not applied: the DNS batch is all or nothing, and another change in it was refused.' }
      }
      for (const { i } of [...scans, ...policies]) results[i] = { status: 'not_applied', message: 'Not tried: the DNS changes of this request were refused, so nothing was applied.' }
      return { status: 'failed', problems, appliedEntryId: null, after, results, errors: errors.map((e) => ({ code: Number(e.code), message: String(e.message) })) }
    }
    const batchEntry = auditEntryOf(res)
    appliedEntryId = policies.length || scans.length ? null : batchEntry
    aftersOf(answer?.result, batch.at).forEach((a, k) => (after[dnsAt[k].i] = a))
    for (const { i } of dnsAt) results[i] = { status: 'applied', entryId: batchEntry }
    landed += dnsAt.length
  }
  if (scans.length) {
    // The scan's review, one request, all or nothing: it adds the accepted records and takes them (and the rejected ones) off the review list.
    const accepts = scans.filter(({ item }) => item.action === 'create')
    const rejects = scans.filter(({ item }) => item.action === 'delete')
    // An accept writes the found record as the server read it when the request was filed (its before), not a body anyone sent.
    const body = {
      accepts: accepts.map(({ item }) => ({ ...(item.before ? foundRecordBody(item.before) : withoutId(item.body)), id: item.recordId })),
      rejects: rejects.map(({ item }) => ({ id: item.recordId })),
    }
    const requestId = await mark(scans.map(({ i }) => i))
    const res = await send({ method: 'POST', path: `/zones/${r.zoneId}/dns_records/scan/review`, body, requestId })
    const answer = (await res.json().catch(() => null)) as ApiAnswer
    if (timedOut(answer?.errors)) {
      for (const { i } of scans) results[i] = { status: 'unknown', message: UNKNOWN_LATE }
      for (const { i } of policies) results[i] = { status: 'not_applied', message: "Not tried: whether the scan's review of this request landed is unknown." }
      const problems = scans.map(({ item }) => ({ position: item.position, label: itemLabel(item), message: UNKNOWN_LATE }))
      return { status: 'interrupted', problems, appliedEntryId: null, after, results, errors: answer!.errors!.map((e) => ({ code: Number(e.code), message: String(e.message) })) }
    }
    if (!res.ok || answer?.success === false) {
      const errors = answer?.errors?.length ? answer.errors : [{ code: res.status, message: `The API answered ${res.status}.` }]
      const problems = errors.map((e) => {
        const m = /^\/(accepts|rejects)\/(\d+)/.exec(e.source?.pointer ?? '')
        const hit = m ? (m[1] === 'accepts' ? accepts : rejects)[Number(m[2])] : undefined
        return { position: hit ? hit.item.position : -1, label: hit ? itemLabel(hit.item) : "the scan's review", message: said([e]) }
      })
      for (const { item, i } of scans) {
        const mine = problems.filter((p) => p.position === item.position)
        results[i] = mine.length ? { status: 'failed', message: mine.map((p) => p.message).join(' ') } : problems.every((p) => p.position < 0) ? { status: 'failed', message: said(errors) } : { status: 'not_applied', message: "Not applied: the scan's review is all or nothing, and another found record in it was refused." }
      }
      for (const { i } of policies) results[i] = { status: 'not_applied', message: "Not tried: the scan's review of this request was refused." }
      return { status: landed ? 'partly_applied' : 'failed', problems, appliedEntryId: null, after, results, errors: errors.map((e) => ({ code: Number(e.code), message: String(e.message) })) }
    }
    const entry = auditEntryOf(res)
    const added = ((answer?.result as { accepts?: Rec[] } | undefined)?.accepts ?? []) as Rec[]
    accepts.forEach(({ i }, k) => (after[i] = added[k] ?? null))
    for (const { i } of scans) results[i] = { status: 'applied', entryId: entry }
    landed += scans.length
  }
  for (const { item, i } of policies) {
    const init =
      item.action === 'create'
        ? { method: 'POST', path: policyPath(r.zoneId), body: item.body }
        : item.action === 'update'
          ? { method: 'PUT', path: policyPath(r.zoneId, item.recordId), body: item.body }
          : { method: 'DELETE', path: policyPath(r.zoneId, item.recordId) }
    const requestId = await mark([i])
    const res = await send({ method: init.method, path: init.path, body: init.body, requestId })
    const answer = (await res.json().catch(() => null)) as ApiAnswer
    if (res.ok && answer?.success !== false) {
      results[i] = { status: 'applied', entryId: auditEntryOf(res) }
      after[i] = item.action === 'delete' ? null : ((answer?.result as Rec | undefined) ?? null)
      landed++
      continue
    }
    const errors = answer?.errors?.length ? answer.errors : [{ code: res.status, message: `The API answered ${res.status}.` }]
    const late = timedOut(errors)
    results[i] = late ? { status: 'unknown', message: UNKNOWN_LATE } : { status: 'failed', message: said(errors) }
    const label = item.kind === 'page_shield_policy' ? policyLabel(item.action === 'create' ? item.body : item.before) : 'the change'
    return {
      status: late ? 'interrupted' : landed ? 'partly_applied' : 'failed',
      problems: [{ position: item.position, label, message: late ? UNKNOWN_LATE : said(errors) }],
      appliedEntryId: null,
      after,
      results,
      errors: errors.map((e) => ({ code: Number(e.code), message: String(e.message) })),
    }
  }
  return { status: 'applied', problems: null, appliedEntryId, after, results, errors: [] }
}

/** The audit log's answer to an undo of an entry someone already undid (not one still being undone). */
export const undoneElsewhere = (answer: unknown) => (answer as { result?: { undoneBy?: { state?: string } } } | null)?.result?.undoneBy?.state === 'done'

export interface UndoOutcome {
  /** Each item's result with what the undo did with it (items never applied keep their result). */
  results: (ItemResult | null)[]
  /** Every applied change is undone now. */
  complete: boolean
  /** In words: what was undone and what was not. */
  summary: string
  /** The audit entries of the undo's own writes. */
  undoEntries: number[]
}

/**
 * Undoes an applied (or partly applied) request holding policies or found records as one unit: the
 * reverse of the apply, through the audit log's undo of each write's own entry (`undoEntry`): the
 * policies in reverse order, then the scan's review (its accepted records deleted; a rejected found
 * record changed nothing in the zone, so nothing is sent for it), then the DNS batch. The first refusal
 * stops the rest; a change undone by an earlier attempt is not sent again. Only what was applied is undone.
 */
export async function undoRequest(
  r: ChangeRequestView,
  undoEntry: (entryId: number) => Promise<Response>,
  auditEntryOf: (res: Response) => number | null,
  /** Before each undo write: false when the lease is lost (nothing more is sent). */
  stillHeld: () => Promise<boolean> = async () => true,
): Promise<UndoOutcome> {
  const results: (ItemResult | null)[] = r.items.map((it) => (it.result ? { ...it.result } : null))
  const applied = r.items.map((item, i) => ({ item, i })).filter(({ item }) => item.result?.status === 'applied')
  const policies = applied.filter(({ item }) => item.kind === 'page_shield_policy').reverse()
  const scans = applied.filter(({ item }) => item.kind === 'dns_scan_result')
  const dns = applied.filter(({ item }) => item.kind === 'dns_record')
  // Rejected found records: nothing in the zone to put back (a new scan finds them again).
  for (const { item, i } of scans) {
    if (item.action === 'delete' && item.result?.undo?.status !== 'undone') results[i] = { ...results[i]!, undo: { status: 'undone', message: 'Nothing to undo: rejecting a found record changed nothing in the zone (a new scan finds it again).' } }
  }
  const accepted = scans.filter(({ item }) => item.action === 'create')
  // One step per write: each policy, then the scan's review, then the DNS batch (the items of each share one entry).
  const steps = [...policies.map((p) => [p]), ...(accepted.length ? [accepted] : []), ...(dns.length ? [dns] : [])]
  const undoEntries: number[] = []
  let refusal: string | null = null
  for (const step of steps) {
    const { item } = step[0]
    if (item.result?.undo?.status === 'undone') continue
    const set = (undo: NonNullable<ItemResult['undo']>) => step.forEach(({ i }) => (results[i] = { ...results[i]!, undo }))
    if (refusal !== null) {
      set({ status: 'not_undone', message: 'Not tried: the undo of a later change of this request was refused.' })
      continue
    }
    const entryId = item.result?.entryId
    if (!entryId) {
      refusal = 'No audit entry was recorded for this change when it was applied, so it cannot be undone from here.'
      set({ status: 'failed', message: refusal })
      continue
    }
    if (!(await stillHeld())) throw new LeaseLost()
    const res = await undoEntry(entryId)
    if (res.ok) {
      const own = auditEntryOf(res)
      if (own) undoEntries.push(own)
      set({ status: 'undone' })
      continue
    }
    const answer = (await res.json().catch(() => null)) as ApiAnswer
    // Undone already through the audit log: that undo is this change's, not a refusal.
    if (undoneElsewhere(answer)) {
      set({ status: 'undone', message: 'Undone from the audit log.' })
      continue
    }
    refusal = answer?.errors?.length ? said(answer.errors) : `The API answered ${res.status}.`
    set({ status: 'failed', message: refusal })
  }
  const label = (item: ChangeItemView) => itemLabel(item)
  const undone = applied.filter(({ i }) => results[i]?.undo?.status === 'undone').map(({ item }) => label(item))
  const left = applied.filter(({ i }) => results[i]?.undo?.status !== 'undone').map(({ item }) => label(item))
  const complete = left.length === 0
  const summary = complete
    ? `Undone: ${undone.join('; ')}.`
    : `Not all undone. ${undone.length ? `Undone: ${undone.join('; ')}. ` : 'Nothing was undone. '}Still as applied: ${left.join('; ')}.${refusal ? ` The undo was refused: ${refusal}` : ''}`
  return { results, complete, summary, undoEntries }
}
