import type { WriteCommand } from '../write/command'
import { jsonError, PROXY_CODES } from '../http/envelope'
import type { Store } from '../store'
import { mayApprove } from './rights'

/** Writes that need approval: DNS records (single, batch, import, scan) and page-security policies. */
const GUARDED_WRITE = /^\/zones\/([^/]+)\/(dns_records|page_shield\/policies)(?:\/|$)/
/** Starting a scan only looks for records (what it finds waits for review): it changes nothing in the zone. */
const SCAN_TRIGGER = /^\/zones\/[^/]+\/dns_records\/scan\/trigger\/?$/

/**
 * The change requests' one step of the write command (write/command.ts): on a zone whose changes need
 * approval, a DNS write (one record, a batch, an import, a scan's review) or a page-security policy
 * write by anyone but an administrator is refused with a pointer to proposing; an administrator's too
 * when the zone's changes need review for everyone. Let through: administrators (unless so), practice
 * copies (the person's own), the apply of an approved request, and an approver's undo of an applied
 * request. The apply and the undo are told by the command's `onBehalfOf`, which only their callers in
 * this process set: nothing a request carries can claim it.
 */
export function approvalGuard(store: Store): (cmd: WriteCommand) => Promise<Response | undefined> {
  return async (cmd) => {
    const m = SCAN_TRIGGER.test(cmd.path) ? null : GUARDED_WRITE.exec(cmd.path)
    const actor = cmd.actor
    if (!m || !actor || cmd.target.practice !== null) return undefined
    let zoneId: string
    try {
      zoneId = decodeURIComponent(m[1]).toLowerCase()
    } catch {
      return undefined // names no zone: the API answers
    }
    const settings = await store.changeRequests.zone(zoneId)
    if (!settings.required) return undefined
    // Administrators write directly (the way out in an incident) unless the zone wants everyone's changes reviewed.
    const admin = actor.person.role === 'admin'
    if (admin && !settings.reviewEveryone) return undefined
    if (cmd.onBehalfOf?.changeRequest) return undefined
    const entry = cmd.onBehalfOf?.undoOf
    if (entry !== undefined) {
      const r = (await store.changeRequests.byAppliedEntry(entry)) ?? (await store.changeRequests.undoingByEntry(zoneId, entry))
      if (r && mayApprove(actor.person, settings, r.zoneName)) return undefined
    }
    const policy = m[2] !== 'dns_records'
    if (admin) {
      return jsonError(403, PROXY_CODES.refused, `Changes on this zone need approval for everyone, administrators too ("review for everyone" on the zone's overview): propose the change instead (POST /api/local/change-requests), and another approver applies it.`)
    }
    return jsonError(
      403,
      PROXY_CODES.refused,
      policy
        ? 'Page-security policy changes on this zone need approval: propose the change instead (the policy editor\'s "Propose change", or POST /api/local/change-requests with kind "page_shield_policy"), and an approver applies it. Administrators may still write directly.'
        : 'DNS changes on this zone need approval: propose the change instead (the record form\'s "Propose change", the bulk actions, the zone-file import and the scan\'s review propose too, or POST /api/local/change-requests), and an approver applies it. Administrators may still write directly.',
    )
  }
}
