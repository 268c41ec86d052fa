import type { Context, Hono } from 'hono'
import { STATUS_WORDS, type ChangeRequestView } from '../../../shared/schemas/change-requests'
import { AUDIT_ID_HEADER } from '../../audit'
import { jsonError, jsonOk } from '../../http/envelope'
import { localBody } from '../../local/read-body'
import { targetOf } from '../../practice/target'
import { LeaseLost, undoneElsewhere, undoRequest } from '../apply'
import { holdLease } from '../lease'
import { byWrites, CR_BASE, notFound, type CrContext } from './context'

export function registerUndoRoute(app: Hono, cr: CrContext): void {
  const { crs, undo, visible, canApprove, settingsOf, newLease, audit, enter } = cr

  /** Undo an applied request as one unit: the audit log's undo of its batch (a batch that reverses it). */
  app.post(`${CR_BASE}/:id/undo`, async (c) => {
    const r = await visible(c)
    if (!r) return notFound()
    if (!canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) return jsonError(403, 10403, `Undoing a change request on ${r.zoneName} is for its approvers.`)
    // The undo's reads and writes go through the request's own account's credential (its audit entries say that account).
    const refused = await enter(c, r.account)
    if (refused) return refused
    // Nothing, or {"confirm": true}: the route table's schema refused anything else before this ran.
    const confirm = localBody(c, 'POST', `${CR_BASE}/:id/undo`)?.confirm === true
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
