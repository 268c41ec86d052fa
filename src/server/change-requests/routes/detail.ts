import type { Hono } from 'hono'
import type { ChangeRequestDetail } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { allRecords } from '../../audit/capture'
import { jsonOk } from '../../http/envelope'
import { sendFor } from '../../upstream'
import { ZoneUnreadable } from '../kinds'
import { policyImpactOf } from '../policy-impact'
import { diffOf, impactOf, movedSince } from '../review'
import { CR_BASE, notFound, retryable, undoable, type CrContext } from './context'

/** One request with its diff, impact notes, what the asker may do, and who approves (a pending one checked for staleness on read). */
export function registerDetailRoute(app: Hono, cr: CrContext): void {
  const { crs, forward, visible, current, tell, settingsOf, canApprove, ownLive, practiceKey, approversOf, enter } = cr

  app.get(`${CR_BASE}/:id`, async (c) => {
    let r = await visible(c)
    if (!r) return notFound()
    // Its records are read through its own account's credential.
    const refused = await enter(c, r.account)
    if (refused) return refused
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
      open ? crs.list({ zones: '*', zoneId: r.zoneId, status: ['pending', 'stale'], practiceKey: practiceKey(c), account: r.account }) : Promise.resolve([]),
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
}
