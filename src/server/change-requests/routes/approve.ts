import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { STATUS_WORDS } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { AUDIT_ID_HEADER } from '../../audit'
import { jsonError, jsonOk } from '../../http/envelope'
import { matchEndpoint } from '../../endpoints'
import { API_DOOR } from '../../http/pipeline'
import { targetOf } from '../../practice/target'
import { sendFor } from '../../upstream'
import type { WriteTarget } from '../../write/command'
import { applyRequest, LeaseLost } from '../apply'
import { holdLease } from '../lease'
import { movedSince } from '../review'
import { mayApprove } from '../rights'
import { CR_BASE, notFound, unreadable, whoOf, type CrContext } from './context'

export function registerApproveRoute(app: Hono, cr: CrContext): void {
  /** The person as stored now (not disabled), with the role and zones of their grant in `account` (none: the default's). */
  const freshIn = async (personId: string, account: string | null) => {
    const person = await cr.store.people.byId(personId)
    return person && !person.disabled ? cr.personIn(person, account) : undefined
  }

  const { crs, forward, writer, visible, ownLive, canApprove, settingsOf, newLease, audit, practising, current, tell, recordOutcome, enter } = cr

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
    // Everything the apply sends (its reads, its writes) goes through the request's own account's
    // credential, chosen before anything is reserved: none reaching it is a refusal, nothing changed.
    const refused = await enter(c, r.account)
    if (refused) return refused
    const lease = newLease()
    // The request's side: `visible` found it among this session's (practice key, or live) as the request came in.
    const target: WriteTarget = targetOf(c)
    if (!(await crs.reserve(r.id, whoOf(a), lease))) {
      const now = (await crs.get(r.id))!
      return jsonError(409, 10409, `This request is ${STATUS_WORDS[now.status]}${now.decidedBy ? ` (${now.decidedBy.name})` : ''}: it cannot be approved now.`)
    }
    audit(c, r, 'approve', { approver: `${a.person.displayName} (${a.person.username})` })
    // Rights at apply time: the settings and the person as they are now, with their grant in the request's account.
    const fresh = a.person.id ? await freshIn(a.person.id, r.account) : a.person
    if (!fresh || (!practising(c) && !mayApprove(fresh, await crs.zone(r.zoneId), r.zoneName))) {
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
            // Its audit entry says the account this request names (the audit reads it off `via`), which
            // is the request's own: `visible` finds a request only when asked in its account.
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
}
