import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { withoutSecrets } from '../upstream/secrets'
import type { Store } from '../store'
import { clientAddress } from './request-info'

/** Who a security event is about: a person, or only the username someone typed. */
export interface EventPerson {
  id: string | null
  username: string
  displayName: string
}

export interface SecurityEvent {
  /** `sign-in` (sign-in, sign-out, own password) or `people` (tokens, another person's password). */
  area: 'sign-in' | 'people'
  /** sign-in, sign-out, password-change. */
  action: string
  who: EventPerson
  resourceType: string
  resourceId?: string | null
  outcome: 'success' | 'failure' | 'refused'
  status: number
  /** Why it failed, in the words the person saw (never the password). */
  reason?: string
  /** What changed, without secrets (a token's name and prefix, never the token). */
  after?: unknown
}

/**
 * Writes a security event to the audit log with the client's address: the dashboard's own pages
 * (sign-in, sign-out, /password) are not under /api, so the write recorder does not see them.
 * An audit failure never blocks a sign-in; it is logged instead.
 */
export async function recordSecurityEvent(store: Store, c: Context, e: SecurityEvent): Promise<void> {
  await store.audit
    .add({
      at: Date.now(),
      requestId: randomUUID(),
      personId: e.who.id,
      username: e.who.username.slice(0, 64),
      personName: e.who.displayName.slice(0, 100),
      mode: 'dashboard',
      zoneId: null,
      zoneName: null,
      area: e.area,
      resourceType: e.resourceType,
      resourceId: e.resourceId ?? null,
      action: e.action,
      method: c.req.method,
      path: c.req.path,
      outcome: e.outcome,
      status: e.status,
      errors: e.reason ? [{ code: e.status, message: e.reason }] : [],
      before: null,
      after: withoutSecrets(e.after ?? null),
      undoOf: null,
      address: clientAddress(c),
    })
    .catch((err) => console.log(`audit entry not written (${e.area} ${e.action}): ${String(err)}`))
}
