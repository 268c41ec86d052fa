import type { Hono } from 'hono'
import type { ZoneApprovalView } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { setAuditDetails } from '../../audit'
import { jsonError, jsonOk } from '../../http/envelope'
import { localBody } from '../../local/read-body'
import { mayPropose } from '../rights'
import { badZoneId, CR_BASE, HEX_ID, type CrContext } from './context'

/** A zone's approval settings (read by everyone in scope, set by administrators), and the people's "may propose". */
export function registerSettingsRoutes(app: Hono, cr: CrContext): void {
  const { store, crs, settingsOf, saveSettings, canApprove, practising, accountOf, enter, zoneNameIn } = cr
  const noZone = () => jsonError(404, 10404, 'No such zone in this account.')

  /** Every live zone with approval settings (the People page lists them; administrators). */
  app.get(`${CR_BASE}/zones`, async () => jsonOk((await crs.zones()).map(({ zoneId, zoneName, required, approverMode, approverIds, reviewEveryone }) => ({ zoneId, zoneName, required, approverMode, approverIds, reviewEveryone }))))

  app.get(`${CR_BASE}/zones/:zone_id`, async (c) => {
    const zoneId = c.req.param('zone_id').toLowerCase()
    if (!HEX_ID.test(zoneId)) return badZoneId()
    const a = actorOf(c)
    // The zone, read through the credential of the account the asker acts in (where its requests are
    // filed), must be in that account: another account's zone and its settings do not exist here.
    const refused = await enter(c, accountOf(c))
    if (refused) return refused
    const zoneName = await zoneNameIn(c, zoneId)
    if (!zoneName) return noZone()
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
    if (!HEX_ID.test(zoneId)) return badZoneId()
    const input = localBody(c, 'PUT', `${CR_BASE}/zones/:zone_id`)
    const refused = await enter(c, accountOf(c))
    if (refused) return refused
    const zoneName = await zoneNameIn(c, zoneId)
    if (!zoneName) return noZone()
    const before = { ...(await settingsOf(c, zoneId)), zoneId }
    const a = actorOf(c)
    await saveSettings(c, { zoneId, zoneName, ...input }, `${a.person.displayName} (${a.person.username})`)
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
    const input = localBody(c, 'PUT', `${CR_BASE}/people/:person_id`)
    const person = await store.people.byId(c.req.param('person_id'))
    if (!person) return jsonError(404, 10404, 'No such person.')
    const before = await crs.person(person.id)
    await crs.setPerson(person.id, input)
    setAuditDetails(c, { area: 'people', resourceType: 'person', resourceId: person.id, action: 'update', before: { username: person.username, ...before }, after: { username: person.username, ...input } })
    return jsonOk({ personId: person.id, ...input })
  })
}
