import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { maybeActor } from '../auth/actor'
import { UNDO_HEADER, undoKey } from '../audit/undo-marker'
import { jsonError, PROXY_CODES } from '../envelope'
import { rawTarget, splitTarget, WRITE_METHODS } from '../guard'
import type { Store } from '../store'
import { mayApprove } from './rights'

/** Marks the apply's own batch (a key only this process knows, so a browser cannot send it). */
export const APPLY_HEADER = 'x-zonekeeper-change-request'
export const applyKey = randomBytes(16).toString('hex')

/**
 * The request id the apply gave one of its writes (`<key>:<request>:<request id>`), stored on the
 * request's items before the write is sent: the audit recorder files the write's entry under it, so
 * after a crash the audit log tells whether that write landed.
 */
export function applyRequestIdOf(header: string | undefined): string | undefined {
  const [key, , rid] = (header ?? '').split(':')
  return key === applyKey && rid && /^[0-9a-f-]{36}$/i.test(rid) ? rid : undefined
}

/** The change request an apply's write belongs to (the header's second part), only with this process's key. */
export function applyChangeRequestOf(header: string | undefined): number | undefined {
  const [key, id] = (header ?? '').split(':')
  return key === applyKey && /^\d{1,15}$/.test(id ?? '') ? Number(id) : undefined
}

/** Writes that need approval: DNS records (single, batch, import, scan) and page-security policies. */
const GUARDED_WRITE = /^\/(?:api|client)\/v4\/zones\/([^/]+)\/(dns_records|page_shield\/policies)(?:\/|$)/
/** Starting a scan only looks for records (what it finds waits for review): it changes nothing in the zone. */
const SCAN_TRIGGER = /^\/(?:api|client)\/v4\/zones\/[^/]+\/dns_records\/scan\/trigger\/?$/

/**
 * The change requests' one hook into the write path: on a zone whose changes need approval, a DNS write (one
 * record, a batch, an import, a scan's review) or a page-security policy write by anyone but an
 * administrator is refused with a pointer to proposing; an administrator's too when the zone's changes
 * need review for everyone. Let through: administrators (unless so),
 * practice sessions (their own copy), the apply of an approved request, and an approver's undo of
 * an applied request.
 */
export function approvalGuard(store: Store): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method.toUpperCase())) return next()
    const path = splitTarget(rawTarget(c)).path
    const m = SCAN_TRIGGER.test(path) ? null : GUARDED_WRITE.exec(path)
    const actor = maybeActor(c)
    if (!m || !actor || c.get('zkPractice') !== undefined) return next()
    let zoneId: string
    try {
      zoneId = decodeURIComponent(m[1]).toLowerCase()
    } catch {
      return next() // names no zone: the API door answers
    }
    const settings = await store.changeRequests.zone(zoneId)
    if (!settings.required) return next()
    // Administrators write directly (the way out in an incident) unless the zone wants everyone's changes reviewed.
    const admin = actor.person.role === 'admin'
    if (admin && !settings.reviewEveryone) return next()
    if (c.req.header(APPLY_HEADER)?.startsWith(`${applyKey}:`)) return next()
    const [key, entry] = (c.req.header(UNDO_HEADER) ?? '').split(':')
    if (key === undoKey && /^\d+$/.test(entry ?? '')) {
      const r = (await store.changeRequests.byAppliedEntry(Number(entry))) ?? (await store.changeRequests.undoingByEntry(zoneId, Number(entry)))
      if (r && mayApprove(actor.person, settings, r.zoneName)) return next()
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
