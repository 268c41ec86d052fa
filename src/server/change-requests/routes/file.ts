import type { Context, Hono } from 'hono'
import { MAX_CHANGE_ITEMS } from '../../../shared/schemas/change-requests'
import { actorOf } from '../../auth/actor'
import { jsonError, jsonOk } from '../../http/envelope'
import { localBody } from '../../local/read-body'
import type { LocalBodyOut } from '../../../shared/endpoints/routes'
import type { NewChangeItem } from '../../store/change-requests'
import { sendFor } from '../../upstream'
import { foundRecordBody, itemIssues, readTouched } from '../kinds'
import { diffOf } from '../review'
import { mayPropose } from '../rights'
import { CR_BASE, invalid, unreadable, whoOf, type CrContext } from './context'

/** A request to file, as the route's body is once its schema checked it. */
export type NewChangeRequest = LocalBodyOut<'POST', typeof CR_BASE>

/**
 * Filing a request: every change checked with its own endpoint's schema, the records it touches read
 * as its "before". The route's handler, and what the search's "change them all" files on a zone that
 * needs approval (search/replace.ts), within the asker's own request.
 */
export function changeRequestFiler(cr: CrContext) {
  const { crs, zoneNameIn, forward, filingLimit, canSee, settingsOf, practising, practiceKey, audit, groupFiled, accountOf, enter } = cr
  return async (c: Context, { zoneId, title, reason, items }: NewChangeRequest): Promise<Response> => {
    const a = actorOf(c)
    // Filed in the account the asker acts in (their rights there made the actor): its zone is read, and
    // its touched records, through that account's credential, whichever door files it.
    const account = accountOf(c)
    const refused = await enter(c, account)
    if (refused) return refused
    const zoneName = await zoneNameIn(c, zoneId.toLowerCase())
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
    const id = await crs.create({ zoneId: zoneId.toLowerCase(), zoneName, title, reason, who: whoOf(a), items: newItems, practiceKey: practiceKey(c), account })
    const r = (await crs.get(id))!
    audit(c, r, 'file', { changes: diffOf(r).map((d) => `${d.kind} ${d.label}`) })
    if (!practising(c)) groupFiled()
    return jsonOk(r)
  }
}

export function registerFileRoute(app: Hono, cr: CrContext) {
  const file = changeRequestFiler(cr)
  // Checked by the route table's schema before this runs (local/read-body.ts); each item's own endpoint schema in `file`.
  app.post(CR_BASE, (c) => file(c, localBody(c, 'POST', CR_BASE)))
  return file
}
