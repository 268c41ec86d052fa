import { randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import {
  CHANGE_REQUEST_STATUSES,
  MAX_CHANGE_ITEMS,
  newChangeRequestSchema,
  personChangeSettingsSchema,
  rejectSchema,
  STATUS_WORDS,
  zoneApprovalInputSchema,
  type ChangeRequestDetail,
  type ChangeRequestStatus,
  type ChangeRequestView,
  type PersonRef,
  type ZoneApprovalSettings,
  type ZoneApprovalView,
} from '../../shared/schemas/change-requests'
import { actorOf, type Actor } from '../auth/actor'
import { clientAddress } from '../auth/request-info'
import { AUDIT_ID_HEADER, setAuditDetails, type UndoEntry } from '../audit'
import { allRecords } from '../audit/capture'
import { zoneNames } from '../audit/zone-names'
import { jsonError, jsonErrors, jsonOk } from '../envelope'
import { mailAddressOf } from '../people/mail-address'
import type { Store } from '../store'
import type { NewChangeItem, Who } from '../store/change-requests'
import type { Lease } from '../store/change-request-lease'
import { sendFor, type Forward, type Send } from '../upstream'
import { applyRequest, LeaseLost, undoneElsewhere, undoRequest } from './apply'
import { holdLease } from './lease'
import { recoverExpired, type RecoveryOptions } from './recover'
import type { AuditAction } from '../../shared/lists/audit'
import { foundRecordBody, itemIssues, readTouched, ZoneUnreadable } from './kinds'
import type { Mailer, Notice } from './mail'
import { ledgerZone } from '../practice/ledger'
import { targetOf } from '../practice/target'
import { matchEndpoint } from '../endpoints'
import { API_DOOR } from '../pipeline'
import type { WriteTarget, Writer } from '../write/command'
import { policyImpactOf } from './policy-impact'
import { diffOf, impactOf, itemLabel, movedSince } from './review'
import { mayApprove, mayPropose, maySee } from './rights'

export const CR_BASE = '/api/local/change-requests'

export interface ChangeRequestRouteOptions {
  store: Store
  forward: Forward
  mail: Mailer
  /** `live` or `sandbox`: what the apply's audit entries say. */
  mode: string
  /** The write command (write/command.ts): each write of an apply runs as one, as the approver's. */
  writer: Writer
  /** The audit log's undo of one entry (audit/routes.ts, createUndo): a request's undo is made of them. */
  undo: UndoEntry
  /** This instance's name in leases and recoveries. */
  instance: string
  /** How long an apply or undo holds its request between renewals (CHANGE_REQUEST_LEASE_MS). */
  leaseMs: number
  /** Most requests one person files per window (FILING_LIMIT). */
  filingLimit: { max: number; windowMs: number }
  /** How long approvers' e-mail about new requests waits to take in more of them (MAIL_GROUP_MS). */
  mailGroupMs: number
}

/** Ten requests a minute per person: more is a script or a mistake, and each one asks approvers for time. */
export const FILING_LIMIT = { max: 10, windowMs: 60_000 }
/** Requests filed within a minute of each other reach an approver as one e-mail. */
export const MAIL_GROUP_MS = 60_000

const whoOf = (a: Actor): Who => ({ personId: a.person.id, username: a.person.username, personName: a.person.displayName })
const HEX_ID = /^[0-9a-f]{32}$/i
const notFound = () => jsonError(404, 10404, 'No such change request (or its zone is outside your zone scope).')
/** A request whose changes took more than the DNS batch (policies, a scan's review): undone write by write. */
const byWrites = (r: Pick<ChangeRequestView, 'items'>) => r.items.some((it) => it.kind !== 'dns_record')
/**
 * Whether "Undo this request" applies: a DNS-only request through its batch's entry; one holding
 * policies or found records (applied or partly applied) when every applied change kept its audit entry and some is not undone yet.
 */
const undoable = (r: ChangeRequestView) =>
  byWrites(r)
    ? (r.status === 'applied' || r.status === 'partly_applied' || r.status === 'interrupted') &&
      r.items.some((it) => it.result?.status === 'applied' && it.result.undo?.status !== 'undone') &&
      r.items.every((it) => it.result?.status !== 'applied' || Boolean(it.result.entryId))
    : r.status === 'applied' && r.appliedEntryId !== null
/** An apply cut short that is known to have changed nothing: its approvers may approve it again. */
const retryable = (r: ChangeRequestView) => r.status === 'failed' && r.interrupted?.phase === 'apply' && r.interrupted.known === 0 && r.interrupted.unknown === 0
const invalid = (issues: z.core.$ZodIssue[]) => jsonErrors(400, apiErrorsFromIssues(issues, 1004))

async function bodyOf(c: Context): Promise<unknown> {
  const text = await c.req.text().catch(() => '')
  try {
    return text.trim() ? JSON.parse(text) : {}
  } catch {
    return undefined
  }
}
const malformed = () => jsonError(400, 6007, 'The body must be JSON.')
/** The touched records could not be read: nothing is decided on them (503, the request as it was). */
const unreadable = (err: unknown) => {
  if (!(err instanceof ZoneUnreadable)) throw err
  return jsonError(503, 10503, err.message, { 'retry-after': '5' })
}

/**
 * Change requests, the dashboard's own routes. Roles: endpoint-roles.ts lets every
 * signed-in person in; each route decides from the zone's settings, the person and their scope.
 */
export function registerChangeRequestRoutes(app: Hono, { store, forward, mail, mode, writer, undo, instance, leaseMs, filingLimit, mailGroupMs }: ChangeRequestRouteOptions): void {
  const names = zoneNames(forward)
  const crs = store.changeRequests
  /** Recovery on read: a request whose apply or undo lease ran out is recovered before anyone sees or acts on it. */
  const recovery: RecoveryOptions = {
    store,
    instance,
    leaseMs,
    mode,
    // The requester and whoever approved it hear once, from the instance that recovered it (the store lets one).
    recovered: async (r) => {
      if (!mail.enabled) return
      mail.send('recovered', r, [...(await addressOf(r.requester)), ...(await addressOf(r.decidedBy))])
    },
  }
  const working = (r: ChangeRequestView) => r.status === 'applying' || r.status === 'undoing'
  const newLease = (): Lease => ({ instance, token: randomUUID(), ms: leaseMs })
  const practising = (c: Context) => c.get('zkPractice') !== undefined
  /**
   * Practice: a practising person plays every part on their own copy: their requests are
   * kept apart (marked with their practice key, never listed live), the approval settings of their
   * copy's zones too (under `practice:<key>:<zone id>`, as the review ledger), and they may approve
   * their own request there, which the store allows only on a practice request.
   */
  const practiceKey = (c: Context): string | null => c.get('zkPractice')?.key ?? null
  const settingsOf = (c: Context, zoneId: string) => crs.zone(ledgerZone(practiceKey(c) ?? undefined, zoneId))
  const saveSettings = (c: Context, s: ZoneApprovalSettings & { zoneName: string }, by: string) => crs.setZone({ ...s, zoneId: ledgerZone(practiceKey(c) ?? undefined, s.zoneId) }, by)
  const canSee = (c: Context, zoneName: string) => practising(c) || maySee(actorOf(c).person, zoneName)
  const canApprove = (c: Context, s: ZoneApprovalSettings, zoneName: string) => practising(c) || mayApprove(actorOf(c).person, s, zoneName)
  /** The asker filed it, and is not practising: someone else decides it. */
  const ownLive = (c: Context, r: Pick<ChangeRequestView, 'requester'>) => !practising(c) && r.requester.username === actorOf(c).person.username
  const zonesOf = (c: Context) => (practising(c) ? '*' : actorOf(c).person.zones)

  /** The request, when the asker's scope holds its zone (a practice session: only its own practice requests). */
  const visible = async (c: Context): Promise<ChangeRequestView | undefined> => {
    const id = Number(c.req.param('id'))
    let r = Number.isSafeInteger(id) && id > 0 ? await crs.get(id, practiceKey(c)) : undefined
    if (!r || !canSee(c, r.zoneName)) return undefined
    if (working(r)) {
      await recoverExpired(recovery, [r.id])
      // Recovered here or by another instance at the same moment: the request as the store now has it.
      r = (await crs.get(id, practiceKey(c)))!
    }
    return r
  }

  /** Every person who approves on this zone, with the address their e-mail goes to. */
  async function approverAddresses(s: ZoneApprovalSettings, zoneName: string, except: string): Promise<string[]> {
    const people = await store.people.list()
    return people.filter((p) => !p.disabled && p.username !== except && mayApprove(p, s, zoneName)).map((p) => mailAddressOf(p) ?? '')
  }
  /** The address a person's e-mail goes to (mailAddressOf: the person's own, else a user name that is one). */
  async function addressOf(p: PersonRef | null): Promise<string[]> {
    if (!p?.id) return []
    return [mailAddressOf(await store.people.byId(p.id)) ?? '']
  }
  /**
   * Who will approve it, by name: administrators always (said as "any administrator"), and whoever else
   * the zone's settings name (editors in scope, or the people listed), never the requester. A practising
   * person plays the approver on their own copy.
   */
  async function approversOf(c: Context, s: ZoneApprovalSettings, r: ChangeRequestView): Promise<NonNullable<ChangeRequestDetail['approvers']>> {
    if (practising(c)) return { anyAdmin: true, people: [{ username: actorOf(c).person.username, name: actorOf(c).person.displayName }] }
    if (s.approverMode === 'admins') return { anyAdmin: true, people: [] }
    const people = (await store.people.list())
      .filter((p) => !p.disabled && p.role !== 'admin' && p.username !== r.requester.username && mayApprove(p, s, r.zoneName))
      .map((p) => ({ username: p.username, name: p.displayName }))
      .sort((x, y) => x.name.localeCompare(y.name))
    return { anyAdmin: true, people }
  }
  /** E-mail, live only (a practising person is told on the page). Approvers hear of new requests grouped (`tellApprovers`). */
  const tell = async (c: Context, kind: Exclude<Notice, 'filed'>, id: number) => {
    if (!mail.enabled || practising(c)) return
    const r = (await crs.get(id))!
    mail.send(kind, r, await addressOf(r.requester))
  }
  /**
   * Approvers hear of new requests grouped: the requests filed up to `filedBefore` that nobody told
   * them of yet (the store gives each to one instance), one e-mail per approver listing theirs.
   */
  const tellApprovers = async (filedBefore: number) => {
    const ids = await crs.takeUntold(filedBefore)
    const byAddress = new Map<string, ChangeRequestView[]>()
    for (const id of ids) {
      const r = await crs.get(id)
      if (!r || r.status !== 'pending') continue
      for (const to of await approverAddresses(await crs.zone(r.zoneId), r.zoneName, r.requester.username)) {
        if (to) byAddress.set(to, [...(byAddress.get(to) ?? []), r])
      }
    }
    for (const [to, rs] of byAddress) mail.sendFiled(to, rs)
  }
  let grouping: ReturnType<typeof setTimeout> | undefined
  /** A request was filed: its approvers are told once the group's time is up (requests filed meanwhile join it). */
  const groupFiled = () => {
    if (!mail.enabled || grouping) return
    grouping = setTimeout(() => {
      grouping = undefined
      void tellApprovers(Date.now()).catch(() => {})
    }, mailGroupMs)
    grouping.unref()
  }

  /** An entry of its own for the apply or its failure (the approve that led to it has the request's). */
  const recordOutcome = (c: Context, r: ChangeRequestView, action: 'apply' | 'fail' | 'apply-partly' | 'apply-unknown', errors: { code: number; message: string }[], after: unknown) => {
    const a = actorOf(c)
    return store.audit.add({
      at: Date.now(), requestId: randomUUID(), personId: a.person.id, username: a.person.username, personName: a.person.displayName, mode: practising(c) ? 'practice' : mode,
      zoneId: r.zoneId, zoneName: r.zoneName, area: 'change-requests', resourceType: 'change_request', resourceId: String(r.id), action,
      method: 'POST', path: `${CR_BASE}/${r.id}/approve`, outcome: action === 'apply' ? 'success' : 'failure', status: action === 'apply' ? 200 : 400,
      errors, before: null, after, undoOf: null, label: r.title, address: clientAddress(c),
    })
  }
  const audit = (c: Context, r: Pick<ChangeRequestView, 'id' | 'zoneId' | 'zoneName' | 'title' | 'requester'>, action: AuditAction, after: Record<string, unknown> = {}) =>
    setAuditDetails(c, {
      area: 'change-requests', resourceType: 'change_request', resourceId: String(r.id), action, zoneId: r.zoneId, zoneName: r.zoneName,
      after: { description: r.title, requester: `${r.requester.name} (${r.requester.username})`, ...after },
    })

  /** The touched records as they are now (null: gone, or a create), in item order. */
  const current = (send: Send, r: Pick<ChangeRequestView, 'zoneId' | 'items'>) => readTouched(send, r.zoneId, r.items)

  app.get(`${CR_BASE}/summary`, async (c) => {
    const a = actorOf(c)
    // Every open dashboard asks for this each minute: the sweep that recovers requests nobody is looking at,
    // and tells approvers of requests whose instance stopped before it did.
    await recoverExpired(recovery)
    if (mail.enabled) void tellApprovers(Date.now() - mailGroupMs).catch(() => {})
    const open = await crs.list({ zones: zonesOf(c), status: ['pending', 'stale', 'failed', 'rejected'], practiceKey: practiceKey(c) })
    const settings = new Map<string, ZoneApprovalSettings>()
    let toApprove = 0
    for (const r of open) {
      if (r.status !== 'pending' || ownLive(c, r)) continue
      if (!settings.has(r.zoneId)) settings.set(r.zoneId, await settingsOf(c, r.zoneId))
      if (canApprove(c, settings.get(r.zoneId)!, r.zoneName)) toApprove++
    }
    // Stale ones until refreshed; rejected and failed ones until the requester is done with them.
    const mine = open.filter((r) => r.requester.username === a.person.username && (r.status === 'stale' || ((r.status === 'rejected' || r.status === 'failed') && !r.requesterDone))).length
    return jsonOk({ toApprove, mineNeedingAttention: mine })
  })

  app.get(CR_BASE, async (c) => {
    const a = actorOf(c)
    const q = new URL(c.req.url).searchParams
    const scope = q.get('scope') ?? 'all'
    if (!['all', 'mine', 'to-approve'].includes(scope)) return jsonError(400, 1004, 'scope is one of all, mine, to-approve.')
    const status = q.getAll('status')
    if (status.some((s) => !(CHANGE_REQUEST_STATUSES as readonly string[]).includes(s))) return jsonError(400, 1004, `status is one of ${CHANGE_REQUEST_STATUSES.join(', ')}.`)
    const zoneId = q.get('zone_id') ?? undefined
    if (zoneId !== undefined && !HEX_ID.test(zoneId)) return jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
    const read = () => crs.list({ zones: zonesOf(c), status: status as ChangeRequestStatus[], zoneId, practiceKey: practiceKey(c) })
    let list = await read()
    if ((await recoverExpired(recovery, list.filter(working).map((r) => r.id))).length || list.some(working)) list = await read()
    if (scope === 'mine') list = list.filter((r) => r.requester.username === a.person.username)
    if (scope === 'to-approve') {
      const keep: ChangeRequestView[] = []
      for (const r of list) if (r.status === 'pending' && !ownLive(c, r) && canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) keep.push(r)
      list = keep
    }
    return jsonOk(list)
  })

  app.post(CR_BASE, async (c) => {
    const raw = await bodyOf(c)
    if (raw === undefined) return malformed()
    const parsed = newChangeRequestSchema.safeParse(raw)
    if (!parsed.success) return invalid(parsed.error.issues)
    const { zoneId, title, reason, items } = parsed.data
    const a = actorOf(c)
    const zoneName = (await names.nameOf(zoneId.toLowerCase(), c))?.toLowerCase()
    if (!zoneName || !canSee(c, zoneName)) return jsonError(404, 10404, 'No such zone (or it is outside your zone scope).')
    const settings = await settingsOf(c, zoneId.toLowerCase())
    if (!settings.required) {
      return jsonError(409, 10409, `Changes on ${zoneName} do not need approval${practising(c) ? ' in your practice copy (turn it on on the zone\'s overview to practise the flow)' : ''}: write them directly.`)
    }
    const self = a.person.id ? await crs.person(a.person.id) : { mayPropose: false }
    if (!practising(c) && !mayPropose(a.person, zoneName, self.mayPropose)) {
      return jsonError(403, 10403, 'Proposing changes needs the editor role, or the "may propose" switch an administrator sets for you.')
    }
    // Every item checked with the schema of its own endpoint (DNS record or policy), pointing at the item.
    const issues = itemIssues(items)
    if (issues.length) return invalid(issues)
    const send = sendFor(forward, c)
    // A create names an object only when it accepts a record the DNS scan found.
    const ids = items.map((it) => (it.action === 'create' && it.kind !== 'dns_scan_result' ? null : (it.recordId ?? null)))
    let befores: (Record<string, unknown> | null)[]
    try {
      befores = await readTouched(send, zoneId, items.map((it, i) => ({ kind: it.kind, recordId: ids[i] })))
    } catch (err) {
      return unreadable(err)
    }
    const missing = items.findIndex((_, i) => ids[i] !== null && !befores[i])
    if (missing >= 0) {
      const what = { page_shield_policy: 'policy', dns_record: 'record', dns_scan_result: 'record found by the DNS scan (waiting for review)' }[items[missing].kind]
      return jsonError(404, 81044, `Change ${missing + 1}: no ${what} with that id in ${zoneName}.`)
    }
    const newItems: NewChangeItem[] = items.map((it, i) => ({
      kind: it.kind,
      action: it.action,
      recordId: ids[i],
      // Accepting a found record writes the record the scan found (read above), whatever body was sent.
      body: it.kind === 'dns_scan_result' && it.action === 'create' && befores[i] ? foundRecordBody(befores[i]) : 'body' in it ? it.body : null,
      before: (befores[i] as Record<string, unknown> | null) ?? null,
    }))
    // Counted by the store, so every instance shares one limit per person.
    if (!(await crs.countFiling(a.person.id ?? 'local', filingLimit.max, filingLimit.windowMs))) {
      const secs = Math.ceil(filingLimit.windowMs / 1000)
      return jsonError(429, 10429, `You filed ${filingLimit.max} change requests in the last ${secs} seconds, the most one person files in that time. Wait a moment, or put more changes in one request (up to ${MAX_CHANGE_ITEMS}).`, { 'retry-after': String(secs) })
    }
    const id = await crs.create({ zoneId: zoneId.toLowerCase(), zoneName, title, reason, who: whoOf(a), items: newItems, practiceKey: practiceKey(c) })
    const r = (await crs.get(id))!
    audit(c, r, 'file', { changes: diffOf(r).map((d) => `${d.kind} ${d.label}`) })
    if (!practising(c)) groupFiled()
    return jsonOk(r)
  })

  /** Every live zone with approval settings (the People page lists them; administrators). */
  app.get(`${CR_BASE}/zones`, async () => jsonOk((await crs.zones()).map(({ zoneId, zoneName, required, approverMode, approverIds, reviewEveryone }) => ({ zoneId, zoneName, required, approverMode, approverIds, reviewEveryone }))))

  app.get(`${CR_BASE}/zones/:zone_id`, async (c) => {
    const zoneId = c.req.param('zone_id').toLowerCase()
    if (!HEX_ID.test(zoneId)) return jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
    const a = actorOf(c)
    const zoneName = (await names.nameOf(zoneId, c))?.toLowerCase() ?? ''
    const s = await settingsOf(c, zoneId)
    const self = a.person.id ? await crs.person(a.person.id) : { mayPropose: false }
    // In practice the person plays the proposer and the approver: with approval on for their copy's zone, saves become proposals.
    const view: ZoneApprovalView = {
      ...s,
      zoneId,
      mayApprove: s.required && canApprove(c, s, zoneName),
      mayPropose: s.required && (practising(c) || mayPropose(a.person, zoneName, self.mayPropose)),
      mayWriteDirectly: !s.required || (a.person.role === 'admin' && !practising(c) && !s.reviewEveryone),
    }
    return jsonOk(view)
  })

  app.put(`${CR_BASE}/zones/:zone_id`, async (c) => {
    const zoneId = c.req.param('zone_id').toLowerCase()
    if (!HEX_ID.test(zoneId)) return jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
    const raw = await bodyOf(c)
    if (raw === undefined) return malformed()
    const parsed = zoneApprovalInputSchema.safeParse(raw)
    if (!parsed.success) return invalid(parsed.error.issues)
    const zoneName = (await names.nameOf(zoneId, c))?.toLowerCase()
    if (!zoneName) return jsonError(404, 10404, 'No such zone.')
    const before = { ...(await settingsOf(c, zoneId)), zoneId }
    const a = actorOf(c)
    await saveSettings(c, { zoneId, zoneName, ...parsed.data }, `${a.person.displayName} (${a.person.username})`)
    const after = { ...(await settingsOf(c, zoneId)), zoneId }
    // The audit list reads in words: approvers by name beside their ids (ids alone say nothing to a reader).
    const byId = new Map((await store.people.list()).map((p) => [p.id, `${p.displayName} (${p.username})`]))
    const named = (ids: string[]) => ids.map((id) => byId.get(id) ?? `${id} (no longer a person here)`)
    setAuditDetails(c, {
      area: 'change-requests', resourceType: 'zone_approval', resourceId: zoneId, action: 'update', zoneId, zoneName,
      before: { ...before, approvers: named(before.approverIds) },
      after: { ...after, approvers: named(after.approverIds), description: `changes need approval: ${after.required ? (after.reviewEveryone ? "on, administrators' too" : 'on') : 'off'}` },
    })
    return jsonOk(after)
  })

  app.get(`${CR_BASE}/people`, async () => {
    const extra = await crs.people()
    return jsonOk([...extra].map(([personId, s]) => ({ personId, ...s })))
  })

  app.put(`${CR_BASE}/people/:person_id`, async (c) => {
    const raw = await bodyOf(c)
    if (raw === undefined) return malformed()
    const parsed = personChangeSettingsSchema.safeParse(raw)
    if (!parsed.success) return invalid(parsed.error.issues)
    const person = await store.people.byId(c.req.param('person_id'))
    if (!person) return jsonError(404, 10404, 'No such person.')
    const before = await crs.person(person.id)
    await crs.setPerson(person.id, parsed.data)
    setAuditDetails(c, { area: 'people', resourceType: 'person', resourceId: person.id, action: 'update', before: { username: person.username, ...before }, after: { username: person.username, ...parsed.data } })
    return jsonOk({ personId: person.id, ...parsed.data })
  })

  app.get(`${CR_BASE}/:id`, async (c) => {
    let r = await visible(c)
    if (!r) return notFound()
    const a = actorOf(c)
    const send = sendFor(forward, c)
    let unread: ZoneUnreadable | null = null
    if (r.status === 'pending') {
      // Only "not found" or a changed record makes it stale: a read the API did not answer leaves it pending, and says so.
      const now = await current(send, r).catch((err: unknown) => {
        if (!(err instanceof ZoneUnreadable)) throw err
        unread = err
        return null
      })
      const moved = now ? movedSince(r.items, now) : []
      // The store decides: one conditional UPDATE (pending, and as read), so of two readers exactly one tells.
      if (moved.length) {
        const won = await crs.markStale(r.id, moved, r.updatedAt)
        // Winner or not, the request as the store now has it (another reader may have marked it first).
        r = (await crs.get(r.id))!
        if (won) void tell(c, 'stale', r.id)
      }
    }
    const open = r.status === 'pending' || r.status === 'stale'
    const [zone, others, s] = await Promise.all([
      open ? allRecords(send, r.zoneId).catch(() => []) : Promise.resolve([]),
      open ? crs.list({ zones: '*', zoneId: r.zoneId, status: ['pending', 'stale'], practiceKey: practiceKey(c) }) : Promise.resolve([]),
      settingsOf(c, r.zoneId),
    ])
    const approver = canApprove(c, s, r.zoneName) && !ownLive(c, r)
    const own = r.requester.username === a.person.username
    const detail: ChangeRequestDetail = {
      ...r,
      diff: diffOf(r),
      impact: open
        ? [
            ...(unread ? [{ position: null, severity: 'warning' as const, text: (unread as ZoneUnreadable).message }] : []),
            ...impactOf(r, zone as unknown as Record<string, unknown>[], others),
            ...(await policyImpactOf(send, r).catch(() => [])),
          ]
        : [],
      mayApprove: approver && (r.status === 'pending' || retryable(r)),
      mayReject: approver && open,
      mayRefresh: own && open,
      mayDismiss: own && (r.status === 'rejected' || r.status === 'failed') && !r.requesterDone,
      mayUndo: undoable(r) && canApprove(c, s, r.zoneName),
      mayWithdraw: own && r.status === 'pending',
      mayRevise: own && (r.status === 'rejected' || r.status === 'withdrawn'),
      approvers: open ? await approversOf(c, s, r) : null,
    }
    return jsonOk(detail)
  })

  app.post(`${CR_BASE}/:id/reject`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    const raw = await bodyOf(c)
    if (raw === undefined) return malformed()
    const parsed = rejectSchema.safeParse(raw)
    if (!parsed.success) return invalid(parsed.error.issues)
    const a = actorOf(c)
    if (ownLive(c, r)) return jsonError(403, 10403, 'You filed this request: someone else decides it (you can refresh it or file a new one).')
    if (!canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) return jsonError(403, 10403, `You do not approve changes on ${r.zoneName}.`)
    if (!(await crs.reject(r.id, whoOf(a), parsed.data.comment))) return jsonError(409, 10409, `This request is ${STATUS_WORDS[(await crs.get(r.id))!.status]}: it can no longer be rejected.`)
    audit(c, r, 'reject', { approver: `${a.person.displayName} (${a.person.username})`, comment: parsed.data.comment })
    void tell(c, 'rejected', r.id)
    return jsonOk(await crs.get(r.id))
  })

  app.post(`${CR_BASE}/:id/refresh`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (r.requester.username !== actorOf(c).person.username) return jsonError(403, 10403, 'Only the person who filed a request refreshes it.')
    let now: (Record<string, unknown> | null)[]
    try {
      now = await current(sendFor(forward, c), r)
    } catch (err) {
      return unreadable(err)
    }
    const gone = r.items.filter((it, i) => it.recordId !== null && !now[i])
    if (gone.length) return jsonError(409, 10409, `${gone.map((g) => itemLabel({ ...g, action: 'delete' })).join(', ')} no longer exist${gone.length === 1 ? 's' : ''}: file a new request without ${gone.length === 1 ? 'it' : 'them'}.`)
    if (!(await crs.refresh(r.id, now))) return jsonError(409, 10409, `This request is ${STATUS_WORDS[(await crs.get(r.id))!.status]}: it can no longer be refreshed.`)
    audit(c, r, 'refresh')
    return jsonOk(await crs.get(r.id))
  })

  /**
   * The requester takes back a pending request. The store decides (still pending, still theirs), so a
   * withdrawal racing an approval or another withdrawal on any instance: exactly one goes on.
   */
  app.post(`${CR_BASE}/:id/withdraw`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (r.requester.username !== actorOf(c).person.username) return jsonError(403, 10403, 'Only the person who filed a request withdraws it.')
    const out = await crs.withdraw(r.id, actorOf(c).person.username)
    if (!out) return jsonError(409, 10409, `This request is ${STATUS_WORDS[(await crs.get(r.id))!.status]}: only a request waiting for approval can be withdrawn.`)
    audit(c, r, 'withdraw')
    // Approvers already e-mailed about it hear it is off their list; the others were never told of it.
    if (out.told && mail.enabled && !practising(c)) {
      const now = (await crs.get(r.id))!
      mail.send('withdrawn', now, await approverAddresses(await crs.zone(r.zoneId), r.zoneName, r.requester.username))
    }
    return jsonOk(await crs.get(r.id))
  })

  /** The requester is done with a rejected or failed request: it leaves their "needs you" badge and list. */
  app.post(`${CR_BASE}/:id/done`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (r.requester.username !== actorOf(c).person.username) return jsonError(403, 10403, 'Only the person who filed a request takes it off their list.')
    if (!r.requesterDone && !(await crs.markDone(r.id, r.requester.username))) {
      return jsonError(409, 10409, `This request is ${STATUS_WORDS[(await crs.get(r.id))!.status]}: only a rejected or failed request is put aside.`)
    }
    return jsonOk(await crs.get(r.id))
  })

  /**
   * Approve = apply, all or nothing. The store lets exactly one approval move the request to
   * `applying` (on any instance); then the approver's rights are checked again, every touched record
   * is read again (changed since: stale, 409), and the changes go as one DNS batch, a write command
   * of the approver's in this request, so the role gate and the audit see it as their write.
   */
  app.post(`${CR_BASE}/:id/approve`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    const a = actorOf(c)
    if (ownLive(c, r)) return jsonError(403, 10403, 'You filed this request: someone else approves it.')
    if (!canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) return jsonError(403, 10403, `You do not approve changes on ${r.zoneName}.`)
    const lease = newLease()
    // The request's side: `visible` found it among this session's (practice key, or live) as the request came in.
    const target: WriteTarget = targetOf(c)
    if (!(await crs.reserve(r.id, whoOf(a), lease))) {
      const now = (await crs.get(r.id))!
      return jsonError(409, 10409, `This request is ${STATUS_WORDS[now.status]}${now.decidedBy ? ` (${now.decidedBy.name})` : ''}: it cannot be approved now.`)
    }
    audit(c, r, 'approve', { approver: `${a.person.displayName} (${a.person.username})` })
    // Rights at apply time: the settings and the person as they are now.
    const fresh = a.person.id ? await store.people.byId(a.person.id) : a.person
    if (!fresh || ('disabled' in fresh && fresh.disabled) || (!practising(c) && !mayApprove(fresh, await crs.zone(r.zoneId), r.zoneName))) {
      await crs.release(r.id)
      return jsonError(403, 10403, `You no longer approve changes on ${r.zoneName}.`)
    }
    let moved
    try {
      moved = movedSince(r.items, await current(sendFor(forward, c), r))
    } catch (err) {
      await crs.release(r.id)
      return unreadable(err)
    }
    if (moved.length) {
      await crs.finish(r.id, { status: 'stale', problems: moved })
      audit(c, r, 'approve', { approver: `${a.person.displayName} (${a.person.username})`, outcome: 'stale' })
      void tell(c, 'stale', r.id)
      return c.json({ success: false, errors: [{ code: 10409, message: 'Stale: records this request changes were changed since it was filed. The requester refreshes it first.' }], messages: [], result: await crs.get(r.id) }, 409)
    }
    // DNS changes as one batch, then policies one by one (apply.ts), each write a write command,
    // under the lease: each write's request id is stored on its items before it is sent (see recover.ts).
    // Every write goes to the request's own side (its practice copy, or live), as it was when reserved:
    // the session switching practice on or off meanwhile does not move them.
    const held = holdLease(() => crs.renew(r.id, lease.token, lease.ms), lease.ms)
    let out: Awaited<ReturnType<typeof applyRequest>>
    try {
      out = await applyRequest(
        r,
        // Each write a command of the approver's, in this request, on behalf of the request (which the
        // approval guard lets through and the audit entry names), filed under the request id stored on its items.
        (write) =>
          writer.run({
            actor: a,
            target,
            door: API_DOOR,
            method: write.method,
            path: write.path,
            query: '',
            endpoint: matchEndpoint(write.method, write.path),
            body: write.body === undefined ? null : { json: write.body },
            onBehalfOf: { changeRequest: { id: r.id, requestId: write.requestId } },
            via: c,
          }),
        (res) => Number(res.headers.get(AUDIT_ID_HEADER)) || null,
        {
          beforeSend: async (positions) => {
            const requestId = randomUUID()
            held.step()
            return (await crs.markSent(r.id, lease.token, lease.ms, positions, requestId)) ? requestId : null
          },
        },
      )
      if (!(await crs.finish(r.id, { status: out.status, problems: out.problems, appliedEntryId: out.appliedEntryId, after: out.after, results: out.results }, lease.token))) throw new LeaseLost()
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err
      return c.json({ success: false, errors: [{ code: 10409, message: `${err.message} What is known of it is on the request.` }], messages: [], result: await crs.get(r.id) }, 409)
    } finally {
      held.stop()
    }
    const people = { description: r.title, requester: `${r.requester.name} (${r.requester.username})`, approver: `${a.person.displayName} (${a.person.username})` }
    if (out.status === 'applied') {
      await recordOutcome(c, r, 'apply', [], { ...people, batchEntry: out.appliedEntryId })
      void tell(c, 'applied', r.id)
    } else {
      await recordOutcome(c, r, out.status === 'failed' ? 'fail' : out.status === 'interrupted' ? 'apply-unknown' : 'apply-partly', out.errors, { ...people, results: out.results.map((x, i) => `${i + 1}: ${x.status.replace('_', ' ')}`) })
      // The "failed" message says the zone was left as it was: not said of an outcome nobody knows.
      if (out.status !== 'interrupted') void tell(c, 'failed', r.id)
    }
    return jsonOk(await crs.get(r.id))
  })

  /** Undo an applied request as one unit: the audit log's undo of its batch (a batch that reverses it). */
  app.post(`${CR_BASE}/:id/undo`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (!canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) return jsonError(403, 10403, `Undoing a change request on ${r.zoneName} is for its approvers.`)
    const raw = await bodyOf(c)
    if (raw === undefined) return malformed()
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return jsonError(400, 6007, 'The body must be empty or a JSON object such as {"confirm": true}.')
    const confirm = (raw as { confirm?: unknown }).confirm === true
    if (byWrites(r)) return undoWithPolicies(c, r, confirm)
    if (r.status !== 'applied' || r.appliedEntryId === null) return jsonError(409, 10409, `This request is ${STATUS_WORDS[r.status]}: only an applied request can be undone.`)
    const res = await undo(c, r.appliedEntryId, confirm, targetOf(c))
    if (!res.ok) {
      const answer = await res.json().catch(() => null)
      // Its batch was undone through the audit log meanwhile: the request shows that undo.
      if (undoneElsewhere(answer)) {
        await crs.markUndone(r.id)
        return jsonOk(await crs.get(r.id))
      }
      return c.json(answer, res.status as 400)
    }
    await crs.markUndone(r.id)
    audit(c, r, 'undo', { undoEntry: Number(res.headers.get(AUDIT_ID_HEADER)) || null })
    return jsonOk(await crs.get(r.id))
  })

  /**
   * A request holding policies has no one batch to reverse: its writes are undone in reverse order,
   * each through the audit log's undo of its own entry (policies, then the DNS batch), stopping at the
   * first refusal. The store lets one undo at a time take the request (`undoing`); it ends `undone`
   * when everything applied is undone, else as it was, with what the undo did per change.
   */
  async function undoWithPolicies(c: Context, r: ChangeRequestView, confirm: boolean): Promise<Response> {
    if (r.status !== 'applied' && r.status !== 'partly_applied' && r.status !== 'interrupted') return jsonError(409, 10409, `This request is ${STATUS_WORDS[r.status]}: only an applied or partly applied request can be undone.`)
    const lease = newLease()
    // Every undo write goes to the request's side, as it was when the undo was reserved.
    const target = targetOf(c)
    if (!(await crs.reserveUndo(r.id, r.status, lease))) {
      const now = (await crs.get(r.id))!
      return jsonError(409, 10409, `This request is ${STATUS_WORDS[now.status]}: it cannot be undone now.`)
    }
    let out: Awaited<ReturnType<typeof undoRequest>> | undefined
    const held = holdLease(() => crs.renew(r.id, lease.token, lease.ms), lease.ms)
    let ended = false
    try {
      out = await undoRequest(
        r,
        (entryId) => undo(c, entryId, confirm, target),
        (res) => Number(res.headers.get(AUDIT_ID_HEADER)) || null,
        async () => {
          held.step()
          return crs.renew(r.id, lease.token, lease.ms)
        },
      )
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err
    } finally {
      held.stop()
      // Whatever happened, the request leaves `undoing` (unless it was recovered meanwhile): with the per-change outcome, or as it was.
      const unknownApply = r.items.some((it) => it.result?.status === 'unknown')
      ended = await crs.finishUndo(r.id, out?.complete && !unknownApply ? 'undone' : r.status, out?.results ?? r.items.map((it) => it.result), lease.token)
    }
    if (!out || !ended) return jsonError(409, 10409, 'This undo was recovered by another instance while it ran: what is known of it is on the request.')
    audit(c, r, 'undo', { outcome: out.complete ? 'undone' : 'partly undone', summary: out.summary, undoEntries: out.undoEntries.join(', ') })
    if (out.complete) return jsonOk(await crs.get(r.id))
    return c.json({ success: false, errors: [{ code: 10409, message: out.summary }], messages: [], result: await crs.get(r.id) }, 409)
  }
}
