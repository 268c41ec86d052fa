import type { Hono } from 'hono'
import { STATUS_WORDS } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { jsonError, jsonOk } from '../../http/envelope'
import { localBody } from '../../local/read-body'
import { sendFor } from '../../upstream'
import { itemLabel } from '../review'
import { CR_BASE, notFound, unreadable, whoOf, type CrContext } from './context'

/** The decisions short of applying: an approver rejects; the requester refreshes, withdraws or puts aside. */
export function registerDecisionRoutes(app: Hono, cr: CrContext): void {
  const { crs, forward, mail, visible, ownLive, canApprove, settingsOf, audit, tell, current, practising, approverAddresses, enter } = cr

  app.post(`${CR_BASE}/:id/reject`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    const { comment } = localBody(c, 'POST', `${CR_BASE}/:id/reject`)
    const a = actorOf(c)
    if (ownLive(c, r)) return jsonError(403, 10403, 'You filed this request: someone else decides it (you can refresh it or file a new one).')
    if (!canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) return jsonError(403, 10403, `You do not approve changes on ${r.zoneName}.`)
    if (!(await crs.reject(r.id, whoOf(a), comment))) return jsonError(409, 10409, `This request is ${STATUS_WORDS[(await crs.get(r.id))!.status]}: it can no longer be rejected.`)
    audit(c, r, 'reject', { approver: `${a.person.displayName} (${a.person.username})`, comment })
    void tell(c, 'rejected', r.id)
    return jsonOk(await crs.get(r.id))
  })

  app.post(`${CR_BASE}/:id/refresh`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (r.requester.username !== actorOf(c).person.username) return jsonError(403, 10403, 'Only the person who filed a request refreshes it.')
    const refused = await enter(c, r.account)
    if (refused) return refused
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
      mail.send('withdrawn', now, await approverAddresses(await crs.zone(r.zoneId), r))
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
}
