import type { Hono } from 'hono'
import { CHANGE_REQUEST_STATUSES, type ChangeRequestStatus, type ZoneApprovalSettings } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { jsonError, jsonOk } from '../../http/envelope'
import { recoverExpired } from '../recover'
import { CR_BASE, HEX_ID, type CrContext } from './context'

/** The badge's counts (and the sweep that recovers and tells), then the list with its scopes. */
export function registerListRoutes(app: Hono, cr: CrContext): void {
  const { crs, mail, recovery, mailGroupMs, zonesOf, practiceKey, accountOf, ownLive, settingsOf, canApprove, tellApprovers, working } = cr

  app.get(`${CR_BASE}/summary`, async (c) => {
    const a = actorOf(c)
    // Every open dashboard asks for this each minute: the sweep that recovers requests nobody is looking at,
    // and tells approvers of requests whose instance stopped before it did.
    await recoverExpired(recovery)
    if (mail.enabled) void tellApprovers(Date.now() - mailGroupMs).catch(() => {})
    // The account the asker acts in: its requests only (their rights elsewhere are another grant's).
    const open = await crs.list({ zones: zonesOf(c), status: ['pending', 'stale', 'failed', 'rejected'], practiceKey: practiceKey(c), account: accountOf(c) })
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
    const read = () => crs.list({ zones: zonesOf(c), status: status as ChangeRequestStatus[], zoneId, practiceKey: practiceKey(c), account: accountOf(c) })
    let list = await read()
    if ((await recoverExpired(recovery, list.filter(working).map((r) => r.id))).length || list.some(working)) list = await read()
    if (scope === 'mine') list = list.filter((r) => r.requester.username === a.person.username)
    if (scope === 'to-approve') {
      const keep: typeof list = []
      for (const r of list) if (r.status === 'pending' && !ownLive(c, r) && canApprove(c, await settingsOf(c, r.zoneId), r.zoneName)) keep.push(r)
      list = keep
    }
    return jsonOk(list)
  })
}
