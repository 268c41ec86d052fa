import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { ChangeRequestDetail, ChangeRequestView, PersonRef, ZoneApprovalSettings } from '../../../shared/schemas/change-requests'
import type { AuditAction } from '../../../shared/lists/audit'
import { actorOf } from '../../auth/actor'
import { clientAddress } from '../../auth/request-info'
import { requestAccount } from '../../http/request-account'
import type { Person } from '../../store'
import type { StoredChangeRequest } from '../../store/change-requests'
import { setAuditDetails } from '../../audit'
import { ZONE_NAME_TTL_MS, ZONE_NAMES_KEPT, zoneNames } from '../../upstream/zone-names'
import { tableRead } from '../../upstream/table-read'
import { mailAddressOf } from '../../people/mail-address'
import type { Lease } from '../../store/change-request-lease'
import type { Send } from '../../upstream'
import { ledgerZone } from '../../practice/ledger'
import { readTouched } from '../kinds'
import type { Notice } from '../mail'
import { recoverExpired, type RecoveryOptions } from '../recover'
import { mayApprove, maySee } from '../rights'
import { CR_BASE, type ChangeRequestRouteOptions } from './shared'

export * from './shared'

/** What every change-request route shares: the options, recovery on read, the asker's rights, mail and audit. */
export type CrContext = ReturnType<typeof changeRequestContext>

export function changeRequestContext(options: ChangeRequestRouteOptions) {
  const { store, forward, mail, mode, instance, leaseMs, mailGroupMs, inAccount } = options
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

  /**
   * The account the asker acts in (their grant there made the actor: auth/index.ts); null: the default.
   * A request is filed in it, and seen, listed and decided only in it, so the rights checked on a
   * request are always the asker's grant in the request's own account.
   */
  const accountOf = (c: Context): string | null => {
    const a = actorOf(c)
    // A signed-in person's account is the one their actor was made for (the sign-in gate's, from the
    // header; or the zone's, set by work that spans accounts): never the header over it.
    return a.kind === 'person' ? (a.account ?? null) : (requestAccount(c).account ?? null)
  }
  /**
   * Sends for this request go through the credential that reaches `account` (its reads, the apply's
   * and the undo's writes), whatever the asker's page acts in. The refusal when none reaches it.
   */
  const enter = async (c: Context, account: string | null): Promise<Response | undefined> => (account && inAccount ? inAccount(c, account) : undefined)

  /** Names of zones found in a named account, by `account:zone id` (only found ones, each for as long as a shared name). */
  const namesIn = new Map<string, { name: string; at: number }>()
  /**
   * The zone's name when the zone is in the account the asker acts in (entered first: read through its
   * credential); null when it is not, or cannot be read. The shared names (upstream/zone-names) are by
   * zone id alone, whoever looked one up: a name someone in another account read must not make the zone
   * this account's, and a credential may reach more accounts than one. So in a named account the zone
   * itself is read, and its account must be the asker's. None named (the default account) and in
   * practice (the person's own copy): the shared names, as before.
   */
  const zoneNameIn = async (c: Context, zoneId: string): Promise<string | null> => {
    const account = accountOf(c)
    if (!account || practising(c)) return (await names.nameOf(zoneId, c))?.toLowerCase() ?? null
    const key = `${account}:${zoneId}`
    const hit = namesIn.get(key)
    if (hit && Date.now() - hit.at < ZONE_NAME_TTL_MS) return hit.name
    const res = await forward(tableRead(`/zones/${zoneId}`), c)
    const body = (await res.json().catch(() => null)) as { result?: { name?: unknown; account?: { id?: unknown } } } | null
    const found = res.ok && body?.result?.account?.id === account && typeof body.result.name === 'string' ? body.result.name.toLowerCase() : null
    namesIn.delete(key)
    if (found === null) return null
    while (namesIn.size >= ZONE_NAMES_KEPT) namesIn.delete(namesIn.keys().next().value!)
    namesIn.set(key, { name: found, at: Date.now() })
    // The shared names learn it too, as a lookup through this credential always taught them (the zone
    // scope's check reads them).
    names.remember(zoneId, found)
    return found
  }

  /**
   * The request, when it was filed in the account the asker acts in and the asker's scope there holds
   * its zone (a practice session: only its own practice requests).
   */
  const visible = async (c: Context): Promise<StoredChangeRequest | undefined> => {
    const id = Number(c.req.param('id'))
    let r = Number.isSafeInteger(id) && id > 0 ? await crs.get(id, practiceKey(c)) : undefined
    if (!r || r.account !== accountOf(c) || !canSee(c, r.zoneName)) return undefined
    if (working(r)) {
      await recoverExpired(recovery, [r.id])
      // Recovered here or by another instance at the same moment: the request as the store now has it.
      r = (await crs.get(id, practiceKey(c)))!
    }
    return r
  }
  /**
   * The person with the role and zones of their grant in `account` (null: the default account), as the
   * sign-in gate makes the actor (`grants.forAccount`); undefined with no grant there. A person row's
   * own role and zones are only the every-account grant's, which an account's own grant replaces.
   */
  async function personIn<P extends Person>(p: P, account: string | null): Promise<P | undefined> {
    const grant = await store.grants.forAccount(p.id, account ?? undefined)
    return grant && { ...p, role: grant.role, zones: grant.zones }
  }
  /** The active people, but `except`, who approve on this zone in the request's account (their grant there). */
  async function approversIn(s: ZoneApprovalSettings, r: Pick<StoredChangeRequest, 'zoneName' | 'account'>, except: string): Promise<Person[]> {
    const people = (await store.people.list()).filter((p) => !p.disabled && p.username !== except)
    const there = await Promise.all(people.map((p) => personIn(p, r.account)))
    return there.filter((p): p is Person => p !== undefined && mayApprove(p, s, r.zoneName))
  }
  /** Every person who approves this request (in its account, on its zone), but its requester, with the address their e-mail goes to. */
  async function approverAddresses(s: ZoneApprovalSettings, r: Pick<StoredChangeRequest, 'zoneName' | 'account' | 'requester'>): Promise<string[]> {
    return (await approversIn(s, r, r.requester.username)).map((p) => mailAddressOf(p) ?? '')
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
  async function approversOf(c: Context, s: ZoneApprovalSettings, r: StoredChangeRequest): Promise<NonNullable<ChangeRequestDetail['approvers']>> {
    if (practising(c)) return { anyAdmin: true, people: [{ username: actorOf(c).person.username, name: actorOf(c).person.displayName }] }
    if (s.approverMode === 'admins') return { anyAdmin: true, people: [] }
    const people = (await approversIn(s, r, r.requester.username))
      .filter((p) => p.role !== 'admin')
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
      for (const to of await approverAddresses(await crs.zone(r.zoneId), r)) {
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
  const recordOutcome = (c: Context, r: StoredChangeRequest, action: 'apply' | 'fail' | 'apply-partly' | 'apply-unknown', errors: { code: number; message: string }[], after: unknown) => {
    const a = actorOf(c)
    return store.audit.add({
      at: Date.now(), requestId: randomUUID(), personId: a.person.id, username: a.person.username, personName: a.person.displayName, mode: practising(c) ? 'practice' : mode,
      zoneId: r.zoneId, zoneName: r.zoneName, area: 'change-requests', resourceType: 'change_request', resourceId: String(r.id), action,
      method: 'POST', path: `${CR_BASE}/${r.id}/approve`, outcome: action === 'apply' ? 'success' : 'failure', status: action === 'apply' ? 200 : 400,
      errors, before: null, after, undoOf: null, label: r.title, address: clientAddress(c), account: r.account,
    })
  }
  const audit = (c: Context, r: Pick<ChangeRequestView, 'id' | 'zoneId' | 'zoneName' | 'title' | 'requester'>, action: AuditAction, after: Record<string, unknown> = {}) =>
    setAuditDetails(c, {
      area: 'change-requests', resourceType: 'change_request', resourceId: String(r.id), action, zoneId: r.zoneId, zoneName: r.zoneName,
      after: { description: r.title, requester: `${r.requester.name} (${r.requester.username})`, ...after },
    })
  /** The touched records as they are now (null: gone, or a create), in item order. */
  const current = (send: Send, r: Pick<ChangeRequestView, 'zoneId' | 'items'>) => readTouched(send, r.zoneId, r.items)

  return {
    ...options, names, crs, recovery, working, newLease, practising, practiceKey, settingsOf, saveSettings, canSee, canApprove, ownLive, zonesOf,
    accountOf, enter, zoneNameIn, visible, personIn, approverAddresses, approversOf, tell, tellApprovers, groupFiled, recordOutcome, audit, current,
  }
}
