import type { Hono } from 'hono'
import type { ActInAccount } from '../accounts/routes'
import { requestAccount } from '../http/request-account'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { MAX_CHANGE_ITEMS, type ZoneFileProposal } from '../../shared/schemas/change-requests'
import { actorOf } from '../auth/actor'
import { setAuditDetails } from '../audit'
import { zoneNames } from '../upstream/zone-names'
import { IncludeRefused, parseZoneFile, TooManyRecords } from '../emulator/dns/bind-parse'
import { entryToBody } from '../emulator/dns/import'
import { jsonError, jsonErrors, jsonOk } from '../http/envelope'
import { localBody } from '../local/read-body'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { mayPropose, maySee } from './rights'

const HEX_ID = /^[0-9a-f]{32}$/i

/**
 * The zone-file import on a zone whose changes need approval: the file is read with the
 * sandbox's own BIND reader and each record line becomes the create body an import would send for
 * it, checked with the create's schema. Nothing is written: the page adds the records to the change
 * request being gathered, one change per record, so the diff, the impact notes and the batch's
 * errors each point at one record. Works the same in live mode (the file is read here).
 */
export function registerZoneFileProposal(app: Hono, { store, forward, inAccount }: { store: Store; forward: Forward; inAccount?: ActInAccount }) {
  const names = zoneNames(forward)
  app.post('/api/local/change-requests/zones/:zone_id/zone-file', async (c) => {
    const zoneId = c.req.param('zone_id').toLowerCase()
    if (!HEX_ID.test(zoneId)) return jsonError(400, 1004, 'zone_id is a zone id (32 hexadecimal characters).')
    if (c.get('zkPractice') !== undefined) return jsonError(409, 10409, 'Change requests are not part of practice mode: import the file directly.')
    // {"source": "<the zone file>", "proxied": false}, checked by the route table's schema before this runs.
    const input = localBody(c, 'POST', '/api/local/change-requests/zones/:zone_id/zone-file')
    const a = actorOf(c)
    // The zone is read through the credential of the account the asker acts in (where the request will be filed).
    const account = (a.kind === 'person' ? a.account : undefined) ?? requestAccount(c).account
    const refused = account && inAccount ? await inAccount(c, account) : undefined
    if (refused) return refused
    const zoneName = (await names.nameOf(zoneId, c))?.toLowerCase()
    if (!zoneName || !maySee(a.person, zoneName)) return jsonError(404, 10404, 'No such zone (or it is outside your zone scope).')
    if (!(await store.changeRequests.zone(zoneId)).required) return jsonError(409, 10409, `Changes on ${zoneName} do not need approval: import the file directly.`)
    const self = a.person.id ? await store.changeRequests.person(a.person.id) : { mayPropose: false }
    if (!mayPropose(a.person, zoneName, self.mayPropose)) {
      return jsonError(403, 10403, 'Proposing changes needs the editor role, or the "may propose" switch an administrator sets for you.')
    }
    let read
    try {
      read = await parseZoneFile(input.source, zoneName)
    } catch (err) {
      if (err instanceof IncludeRefused || err instanceof TooManyRecords) return jsonErrors(400, [{ code: 1004, message: err.message, source: { pointer: '/source' } }])
      throw err
    }
    const out: ZoneFileProposal = { items: [], refused: read.problems.map((p) => ({ line: p.line, text: p.text, message: p.message })) }
    for (const e of read.entries) {
      if (e.type === 'SOA') {
        out.refused.push({ line: e.line, text: e.text, message: 'The SOA record is automatic: this line was skipped.' })
        continue
      }
      const body = entryToBody(e, input.proxied)
      const check = dnsRecordInputSchema.safeParse(body)
      if (!check.success) {
        const first = check.error.issues[0]
        out.refused.push({ line: e.line, text: e.text, message: `${first.message}${first.path.length ? ` (${first.path.join('.')})` : ''}` })
        continue
      }
      out.items.push({ line: e.line, label: `Add ${e.type} ${e.owner}`, body })
    }
    out.refused.sort((x, y) => x.line - y.line)
    if (out.items.length > MAX_CHANGE_ITEMS) {
      return jsonError(400, 1004, `The file makes ${out.items.length} records; a change request holds at most ${MAX_CHANGE_ITEMS} (what one DNS batch takes). Split it into several files and propose each.`)
    }
    setAuditDetails(c, {
      area: 'change-requests', resourceType: 'zone_file', resourceId: null, action: 'read', zoneId, zoneName,
      after: { description: `Read a zone file to propose: ${out.items.length} records, ${out.refused.length} lines refused` },
    })
    return jsonOk(out)
  })
}
