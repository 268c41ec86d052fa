import type { Context, Hono } from 'hono'
import { DNS_BATCH_LIMITS } from '../../shared/schemas/dns-records-batch'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { MAX_CHANGE_ITEMS, type ChangeRequestView } from '../../shared/schemas/change-requests'
import { planTier } from '../../shared/dns/plan-tier'
import {
  REPLACE_MAX_RECORDS,
  REPLACE_MAX_ZONES,
  type ReplaceChange,
  type ReplacePreview,
  type ReplaceSelection,
  type ReplaceZonePreview,
  type ReplaceZoneResult,
} from '../../shared/schemas/record-replace'
import { accountVia, sentVia, type AccountVia } from '../accounts/routes'
import type { AccountScope } from '../accounts/scope'
import { actorOf, hasRole, inScope, setActor, type Actor } from '../auth/actor'
import { AUDIT_ID_HEADER } from '../audit'
import { pick, DNS_FIELDS } from '../audit/undo-plan'
import type { Admission } from '../budget/budget'
import type { NewChangeRequest } from '../change-requests/routes'
import { impactOf, recordLabel } from '../change-requests/review'
import { mayPropose } from '../change-requests/rights'
import { matchEndpoint } from '../endpoints'
import { jsonError, jsonOk } from '../http/envelope'
import { API_DOOR } from '../http/pipeline'
import { localBody } from '../local/read-body'
import type { Store } from '../store'
import type { Forward, Send } from '../upstream'
import { sendFor } from '../upstream'
import { tableRead } from '../upstream/table-read'
import type { Writer } from '../write/command'
import { zoneNames } from '../upstream/zone-names'
import { plannedReads, type PlannedReads, type ZoneRead } from './planned-reads'
import { zoneReservations } from './zone-reservation'
import { personScope } from './routes'

type Rec = Record<string, unknown>

const PREVIEW = '/api/local/search/replace/preview' as const
const APPLY = '/api/local/search/replace/zones/:zone_id' as const
/** Zones read at once by a preview (each read is a few calls; the budget admits each zone first). */
const READ_CONCURRENCY = 4

export interface ReplaceOptions {
  store: Store
  owner: string
  forward: Forward
  writer: Writer
  /** Files one change request (the change-request route's own function), within the asker's request. */
  file: (c: Context, input: NewChangeRequest) => Promise<Response>
  /** Live: the budget's admission of long work (the preview's reads of whole zones), of the credential `via` (undefined: the environment's). */
  admit?: (via: string | undefined) => Admission
  /** Every account the deployment reaches and the credential each is sent through: a zone is planned and applied in its own account. */
  accounts?: Pick<AccountScope, 'reached' | 'route' | 'list'>
  /** The sandbox (a stored credential's secret is the emulator's token), as the account step. */
  sandbox?: boolean
  /** The previews' reads, for the applies that follow (dropped by the dashboard's DNS writes: index.ts). */
  reads?: PlannedReads
  /** How long an apply waits for another apply of the same zone (zone-reservation.ts; tests shorten it). */
  reservationWaitMs?: number
}

/** Said when the budget refuses long work: the page waits it out and asks again (code 10430, as the door's). */
class Throttled extends Error {
  constructor(readonly retryAfter: number) {
    super('The API budget is nearly spent: waiting before reading more zones.')
  }
}
class Unreadable extends Error {}

/** A zone the API does not know, outside the person's scope, or in an account they have no grant in: said the same way. */
const OUT_OF_SCOPE = 'No such zone (or it is outside your zone scope).'
/** A chosen record the zone no longer holds, or that no longer matches the search, when the apply read it. */
const GONE = 'No longer there, or no longer matching: changed since it was read (by someone else, or another change of this zone applied first). Left alone.'
/** "Every match" of a zone where nothing matches the search any more when the apply reads it. */
const NO_MATCH_NOW = 'Nothing was changed: no record of this zone matches the search any more. It changed since the preview (by someone else, or another change of this zone applied first).'

/** A zone's account, the person as they are there, and how its reads and writes are sent and admitted. */
interface InAccount {
  account: string
  /** The account as a request naming it says it (undefined: the deployment's default account). */
  named: string | undefined
  actor: Actor
  via: AccountVia | undefined
  send: Send
  admit?: () => Admission
}

/** Matches the index's search of a record as it is now: substring, any case, in the field searched; the type exact. */
function stillMatches(r: Rec, s: Extract<ReplaceSelection, { mode: 'search' }>): boolean {
  if (s.type && r.type !== s.type) return false
  const q = (s.q ?? '').toLowerCase()
  if (!q) return true
  const fields = {
    name: [r.name],
    content: [r.content],
    comment: [r.comment],
    tag: Array.isArray(r.tags) ? r.tags : [],
  }
  const where = s.field && s.field !== 'any' ? fields[s.field] : Object.values(fields).flat()
  return where.some((v) => typeof v === 'string' && v.toLowerCase().includes(q))
}

/** What the change leaves of one record (null: deleted), or why it cannot be changed so. */
export function changed(before: Rec, change: ReplaceChange): { after: Rec | null; problem: string | null } {
  if (change.action === 'delete') return { after: null, problem: null }
  if (before.data !== undefined && before.content === undefined) {
    return { after: null, problem: `A ${String(before.type)} record's value is its fields, not one content: change it on its zone's DNS page.` }
  }
  const body: Rec = { ...pick(before, DNS_FIELDS), content: change.content }
  delete body.data
  // The same schema the record form and the API door check a record with, for its type.
  const check = dnsRecordInputSchema.safeParse(body)
  if (!check.success) return { after: null, problem: check.error.issues[0]?.message ?? 'Not a valid value for this record.' }
  if (before.content === change.content) return { after: body, problem: 'Already holds this value.' }
  return { after: body, problem: null }
}

/**
 * "Change them all" from the Search page (README.md beside this file): which records, per zone, as
 * they are now in the API (read again, never taken from the index alone), what the change makes of
 * them and its impact; then each zone's batch, a write command of the person's, or its change request.
 */
export function registerReplaceRoutes(app: Hono, o: ReplaceOptions): void {
  const idx = o.store.recordIndex
  const crs = o.store.changeRequests
  const reads = o.reads ?? plannedReads()
  const names = zoneNames(o.forward)
  const reservations = zoneReservations(o.store, o.owner, { waitMs: o.reservationWaitMs })
  /** Whose reads may be reused: the same person only. */
  const personKey = (c: Context) => { const p = actorOf(c).person; return p.id ?? p.username }

  /** The matches, by zone: the search resolved again here (so "every match" is exact), or the rows ticked. */
  async function resolve(c: Context, sel: ReplaceSelection, labels?: Map<string, string>): Promise<Map<string, Set<string>> | Response> {
    const byZone = new Map<string, Set<string>>()
    const add = (zone: string, id: string) => byZone.set(zone, (byZone.get(zone) ?? new Set()).add(id))
    if (sel.mode === 'records') {
      for (const r of sel.records) add(r.zone_id.toLowerCase(), r.id)
    } else {
      // The search's own scope: every account, each by the person's grant there (routes.ts).
      const seen = await personScope(c, o.store, o.owner, o.accounts)
      const q = { text: sel.q ?? '', field: sel.field ?? 'any', type: sel.type, ...seen.q } as const
      if (!q.text && !q.type) return jsonError(400, 1004, 'Search for something first: a change across every record is not offered.')
      const rows = await idx.search(o.owner, q, 0, REPLACE_MAX_RECORDS + 1)
      if (rows.length > REPLACE_MAX_RECORDS) return jsonError(400, 1004, `The search matches more than ${REPLACE_MAX_RECORDS.toLocaleString('en-US')} records: narrow it first.`)
      for (const r of rows) {
        add(r.zone_id, r.record_id)
        labels?.set(r.record_id, recordLabel(r))
      }
    }
    if (byZone.size > REPLACE_MAX_ZONES) return jsonError(400, 1004, `The matches are in ${byZone.size} zones; one change spans at most ${REPLACE_MAX_ZONES}. Narrow the search (a type, a field).`)
    return byZone
  }

  /**
   * Where a zone is planned and applied: its account (the index's), the person's grant there (as the
   * sign-in gate gives a request naming that account its actor), and the credential that reaches it
   * (the account step's choice, `accountVia`), with that credential's budget. A zone the index holds
   * no account for (or a deployment without the estate) stays in the request's own account.
   */
  async function inAccount(c: Context, zoneId: string): Promise<InAccount | { refused: string }> {
    const account = (await idx.zone(o.owner, zoneId))?.account_id ?? ''
    const actor = actorOf(c)
    if (!account || !o.accounts) {
      const via = c.get('zkVia')
      return { account, named: actor.kind === 'person' ? actor.account : undefined, actor, via, send: sendFor(o.forward, c), admit: o.admit && (() => o.admit!(via?.stored)) }
    }
    // The deployment's default account is named as a request naming none is (its audit entries and
    // change requests are the default account's, listed where no account is named).
    const named = account === (await o.accounts.list()).default ? undefined : account
    let there: Actor = actor
    if (actor.kind === 'person') {
      const grant = await o.store.grants.forAccount(actor.person.id, named)
      // No grant there: the same sentence as a zone outside their scope (its name is not theirs to learn).
      if (!grant) return { refused: OUT_OF_SCOPE }
      const { account: _asked, ...rest } = actor
      there = { ...rest, person: { ...actor.person, role: grant.role, zones: grant.zones }, ...(named ? { account: named } : {}) }
    }
    const chosen = await accountVia(o.accounts, o.store.credentials, o.sandbox ?? false, account)
    if ('refused' in chosen) return { refused: 'No credential of this dashboard reaches this zone\'s account now: nothing was read or changed there.' }
    const via = chosen.via
    return { account, named, actor: there, via, send: (req) => o.forward(sentVia(req, via), c), admit: o.admit && (() => o.admit!(via?.stored)) }
  }

  async function readJson(send: Send, path: string): Promise<{ ok: boolean; status: number; body: { result?: unknown; result_info?: { total_pages?: number } } | null }> {
    const res = await send(tableRead(path))
    return { ok: res.ok, status: res.status, body: (await res.json().catch(() => null)) as never }
  }

  /** Every record of the zone as the API has it now; a page the API did not answer fails the zone (never taken for "gone"). */
  async function zoneRecords(send: Send, zoneId: string): Promise<Rec[]> {
    const out: Rec[] = []
    for (let page = 1; page < 1000; page++) {
      const r = await readJson(send, `/zones/${zoneId}/dns_records?per_page=1000&page=${page}`)
      if (!r.ok || !Array.isArray(r.body?.result)) throw new Unreadable(`The zone's records could not be read (HTTP ${r.status}): nothing was changed there.`)
      out.push(...(r.body.result as Rec[]))
      if (!r.body.result.length || page >= (r.body.result_info?.total_pages ?? 1)) break
    }
    return out
  }

  /** One zone: may this person write it (directly, or by a change request), and what the change makes of its matches now. */
  /**
   * One zone: may this person write it (directly, or by a change request), and what the change makes
   * of its matches now. `reused`: the zone object the person's preview read seconds ago (the apply), else read here.
   * Rights, scope and approval settings are decided again every time: only the API's answers are reused.
   */
  async function planZone(where: InAccount, zoneId: string, ids: Set<string>, sel: ReplaceSelection, change: ReplaceChange, reused?: Pick<ZoneRead, 'zone'>): Promise<ReplaceZonePreview & { read?: ZoneRead }> {
    const a = where.actor
    const send = where.send
    const refused = (zone_name: string, reason: string) => ({ zone_id: zoneId, zone_name, account_id: where.account, how: 'refused' as const, reason, rows: [], impact: [], gone: 0, batch_limit: 0 })
    if (!reused) {
      const admission = where.admit?.()
      if (admission && !admission.ok) throw new Throttled(admission.retryAfter)
      if (admission?.delayMs) await new Promise((r) => setTimeout(r, admission.delayMs))
    }
    const zone = reused ? { ok: true, body: { result: reused.zone } } : await readJson(send, `/zones/${zoneId}`)
    const z = zone.body?.result as ZoneRead['zone'] | undefined
    // A zone the API does not know, or outside the person's scope, is said the same way: its name is not theirs to learn.
    if (!zone.ok || !z?.name) return refused(zoneId, OUT_OF_SCOPE)
    // Read from the zone's own object: the audit's entry and the zone scope need not ask for its name again.
    if (!reused) names.remember(zoneId, z.name)
    const zoneName = z.name.toLowerCase()
    if (!inScope(a.person.zones, zoneName)) return refused(zoneId, OUT_OF_SCOPE)
    const settings = await crs.zone(zoneId)
    const approval = settings.required && !(a.person.role === 'admin' && !settings.reviewEveryone)
    let how: ReplaceZonePreview['how'] = 'direct'
    if (approval) {
      const self = a.person.id ? await crs.person(a.person.id) : { mayPropose: false }
      if (!mayPropose(a.person, zoneName, self.mayPropose)) return refused(zoneName, 'Changes on this zone need approval, and proposing them needs the editor role (or the "may propose" switch).')
      how = 'change_request'
    } else if (!hasRole(a.person.role, 'editor')) {
      return refused(zoneName, 'Changing DNS records needs the editor role.')
    }
    // The records are always read again, even right after a preview: a change made meanwhile by
    // another API client or another instance (whose writes this instance's memory cannot see) must be
    // planned on, never overwritten from the preview's copy; only the zone's name and plan are reused.
    const records = await zoneRecords(send, zoneId)
    const picked = records.filter((r) => (sel.mode === 'search' ? stillMatches(r, sel) : ids.has(String(r.id))))
    const pickedIds = new Set(picked.map((r) => String(r.id)))
    const rows = picked.map((r) => {
      const { after, problem } = changed(r, change)
      return { id: String(r.id), label: recordLabel(r), before: pick(r, DNS_FIELDS), after: after && { ...after }, problem }
    })
    const asRequest = {
      id: 0, zoneId, zoneName, title: '', items: rows.filter((r) => !r.problem).map((r, position) => ({
        position, kind: 'dns_record' as const, action: change.action === 'delete' ? ('delete' as const) : ('update' as const), recordId: r.id, body: r.after, before: { id: r.id, ...r.before }, after: null, result: null,
      })),
    } as unknown as ChangeRequestView
    const others = await crs.list({ zones: '*', zoneId, status: ['pending', 'stale'], practiceKey: null })
    const impact = impactOf(asRequest, records, others).map((n) => ({ severity: n.severity, text: n.text, label: n.position === null ? null : (asRequest.items[n.position]?.recordId ? rows.find((r) => r.id === asRequest.items[n.position!].recordId)?.label ?? null : null) }))
    return {
      zone_id: zoneId, zone_name: zoneName, account_id: where.account, how, reason: null, rows, impact,
      gone: [...ids].filter((id) => !pickedIds.has(id)).length,
      batch_limit: planTier(z.plan) === 'free' ? DNS_BATCH_LIMITS.free : DNS_BATCH_LIMITS.paid,
      read: { zone: { name: z.name, plan: z.plan }, records },
    }
  }

  const throttled = (err: Throttled) =>
    jsonError(429, 10430, `${err.message} Try again in ${err.retryAfter} s.`, { 'retry-after': String(err.retryAfter) })
  const practising = (c: Context) => c.get('zkPractice') !== undefined
  const notInPractice = () => jsonError(409, 10409, 'Changing records across zones is not part of practice mode: change them on each zone\'s DNS page.')

  app.post(PREVIEW, async (c) => {
    if (practising(c)) return notInPractice()
    const { selection, change } = localBody(c, 'POST', PREVIEW)
    const byZone = await resolve(c, selection)
    if (byZone instanceof Response) return byZone
    const entries = [...byZone]
    const zones: ReplaceZonePreview[] = new Array(entries.length)
    let next = 0
    try {
      const worker = async () => {
        while (next < entries.length) {
          const i = next++
          const [zoneId, ids] = entries[i]
          try {
            const where = await inAccount(c, zoneId)
            if ('refused' in where) {
              zones[i] = { zone_id: zoneId, zone_name: zoneId, account_id: '', how: 'refused', reason: where.refused, rows: [], impact: [], gone: 0, batch_limit: 0 }
              continue
            }
            const { read, ...p } = await planZone(where, zoneId, ids, selection, change)
            // Kept for this person's apply of the zone, seconds from now (README.md: "Calls").
            if (read && p.how !== 'refused') reads.keep(personKey(c), zoneId, read)
            zones[i] = p
          } catch (err) {
            if (!(err instanceof Unreadable)) throw err
            zones[i] = { zone_id: zoneId, zone_name: zoneId, account_id: '', how: 'refused', reason: err.message, rows: [], impact: [], gone: 0, batch_limit: 0 }
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, entries.length) }, worker))
    } catch (err) {
      if (err instanceof Throttled) return throttled(err)
      throw err
    }
    zones.sort((x, y) => x.zone_name.localeCompare(y.zone_name))
    const out: ReplacePreview = { zones, records: zones.reduce((n, z) => n + z.rows.filter((r) => !r.problem).length, 0) }
    return jsonOk(out)
  })

  app.post(APPLY, async (c) => {
    if (practising(c)) return notInPractice()
    const zoneId = c.req.param('zone_id').toLowerCase()
    if (!/^[0-9a-f]{32}$/.test(zoneId)) return jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
    const { selection, change, reason } = localBody(c, 'POST', APPLY)
    // Reserved in the store before anything of the zone is read: a second apply of it (another
    // person, another instance) waits for this one, then reads what it left and plans on that,
    // never writing over a change it did not read (nor interleaving its batches with this one's).
    const done = await reservations.holding(zoneId, () => applyZone(c, zoneId, selection, change, reason))
    return done ?? jsonError(409, 10409, 'Another change to this zone from the Search page is still being applied: nothing was changed here. Preview again in a moment.')
  })

  /** One zone's apply, holding its reservation. */
  async function applyZone(c: Context, zoneId: string, selection: ReplaceSelection, change: ReplaceChange, reason: string | undefined): Promise<Response> {
    const labels = new Map<string, string>()
    const byZone = await resolve(c, selection, labels)
    if (byZone instanceof Response) return byZone
    // "Every match": the search resolved now may find none in this zone any more (another apply, or
    // anyone, changed them since the preview); the zone is still read and planned on, and says so.
    const ids = byZone.get(zoneId) ?? (selection.mode === 'search' ? new Set<string>() : undefined)
    if (!ids) return jsonError(404, 10404, 'None of the chosen records is in this zone.')
    const where = await inAccount(c, zoneId)
    if ('refused' in where) return jsonError(403, 10403, where.refused)
    // This request acts in the zone's account from here on, as one naming it would: its writes'
    // credential and budget (the write command's send and admission read `zkVia`), the actor its
    // writes and any change request it files are made as.
    c.set('zkVia', where.via)
    setActor(c, where.actor)
    let plan: Awaited<ReturnType<typeof planZone>>
    try {
      plan = await planZone(where, zoneId, ids, selection, change, reads.take(personKey(c), zoneId))
    } catch (err) {
      if (err instanceof Throttled) return throttled(err)
      if (err instanceof Unreadable) return jsonError(502, 10502, err.message)
      throw err
    }
    if (plan.how === 'refused') return jsonError(403, 10403, plan.reason ?? 'Refused.')
    const result: ReplaceZoneResult = { zone_id: zoneId, zone_name: plan.zone_name, outcome: 'applied', message: null, records: [], audit_ids: [], change_request_id: null }
    const todo = plan.rows.filter((r) => !r.problem)
    for (const r of plan.rows) if (r.problem) result.records.push({ id: r.id, label: r.label, status: 'skipped', message: r.problem })
    // Each chosen record has its line: one deleted, or changed so that it no longer matches, since it was read (by anyone, a concurrent apply included) is left alone.
    const planned = new Set(plan.rows.map((r) => r.id))
    for (const id of ids) if (!planned.has(id)) result.records.push({ id, label: labels.get(id) ?? `Record ${id}`, status: 'skipped', message: GONE })
    if (!todo.length) return jsonOk({ ...result, outcome: 'nothing' as const, message: result.records.length ? 'Nothing to change in this zone now.' : NO_MATCH_NOW })
    if (plan.how === 'change_request') {
      if (todo.length > MAX_CHANGE_ITEMS) return jsonError(400, 1004, `${todo.length} records in ${plan.zone_name}: a change request holds at most ${MAX_CHANGE_ITEMS}. Narrow the search for this zone.`)
      const what = change.action === 'delete' ? `Delete ${todo.length} record${todo.length === 1 ? '' : 's'}` : `Set ${todo.length} record${todo.length === 1 ? '' : 's'} to ${change.content}`
      const res = await o.file(c, {
        zoneId,
        title: `${what} (from the Search page)`.slice(0, 200),
        reason: reason ?? '',
        items: todo.map((r) => (change.action === 'delete' ? { kind: 'dns_record', action: 'delete', recordId: r.id } : { kind: 'dns_record', action: 'update', recordId: r.id, body: r.after! })) as NewChangeRequest['items'],
      })
      if (!res.ok) return res
      const filed = ((await res.json()) as { result: { id: number } }).result
      return jsonOk({ ...result, outcome: 'filed' as const, change_request_id: filed.id, message: `Filed change request #${filed.id} for approval.`, records: [...result.records, ...todo.map((r) => ({ id: r.id, label: r.label, status: 'filed' as const, message: null }))] })
    }
    // One batch per plan limit, each a write command of the person's: authorise → approval guard → validate → before → send → record.
    // The audit entry names the zone's account, as an entry made from that account's pages does (none: the default account).
    const audited = where.named
    const path = `/zones/${zoneId}/dns_records/batch`
    const endpoint = matchEndpoint('POST', path)
    for (let start = 0; start < todo.length; start += plan.batch_limit) {
      const chunk = todo.slice(start, start + plan.batch_limit)
      const body = change.action === 'delete' ? { deletes: chunk.map((r) => ({ id: r.id })) } : { puts: chunk.map((r) => ({ id: r.id, ...r.after })) }
      // The audit's before state is the records just planned on (`known`), not read a second time.
      const res = await o.writer.run({ actor: actorOf(c), target: { practice: null }, door: API_DOOR, method: 'POST', path, query: '', endpoint, body: { json: body }, via: c, known: plan.read && { records: plan.read.records }, account: audited })
      // Refused before anything of this zone was sent (the budget): the page waits it out and asks again.
      if (!res.ok && start === 0 && res.status === 429) return res
      if (res.ok) {
        const id = Number(res.headers.get(AUDIT_ID_HEADER))
        if (id) result.audit_ids.push(id)
        for (const r of chunk) result.records.push({ id: r.id, label: r.label, status: 'ok', message: null })
      } else {
        const answer = (await res.json().catch(() => null)) as { errors?: { message?: string }[] } | null
        const message = answer?.errors?.map((e) => e.message).join(' ') || `Refused (HTTP ${res.status}).`
        for (const r of chunk) result.records.push({ id: r.id, label: r.label, status: 'failed', message })
        for (const r of todo.slice(start + plan.batch_limit)) result.records.push({ id: r.id, label: r.label, status: 'skipped', message: 'Not sent: an earlier batch of this zone failed.' })
        return jsonOk({ ...result, outcome: 'failed' as const, message })
      }
    }
    return jsonOk(result)
  }
}
