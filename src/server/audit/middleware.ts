import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { maybeActor, type Actor } from '../auth/actor'
import { API_DOOR } from '../proxy'
import type { Endpoint } from '../endpoints'
import { oversizedStrings } from '../../shared/string-limits'
import { rawTarget, splitTarget, WRITE_METHODS, writeRefusal } from '../guard'
import { publicPerson, type Store } from '../store'
import type { Forward } from '../upstream'
import { readAfter, readBefore, type BeforeState } from './capture'
import { describeApiWrite, describeLocalWrite, type WriteDescription } from './describe'
import { withoutSecrets } from './secrets'
import { AUDIT_BASE, UNDO_HEADER, undoKey } from './routes'
import { zoneNames } from './zone-names'

export const AUDIT_ID_HEADER = 'x-zonekeeper-audit-id'
export const REQUEST_ID_HEADER = 'x-request-id'

/** What a route of the dashboard may say about its own write (the undo route does). */
export interface AuditDetails extends Partial<WriteDescription> {
  before?: unknown
  after?: unknown
  undoOf?: number
  /** The zone's name, when the route knows it. */
  zoneName?: string | null
}

interface RequestState {
  raw: Request
  requestId: string
  endpoint?: Endpoint
  description?: WriteDescription
  captured?: BeforeState
  details?: AuditDetails
}

const states = new WeakMap<Context, RequestState>()

/** The request's actor (kept on the context, so also after the body limit replaced `c.req.raw`). */
export function requestActor(c: Context): Actor {
  const actor = maybeActor(c)
  if (!actor) throw new Error('No actor on this request: the access gate did not run.')
  return actor
}

export function setAuditDetails(c: Context, details: AuditDetails): void {
  const s = states.get(c)
  if (s) s.details = { ...s.details, ...details }
}

export interface AuditOptions {
  store: Store
  forward: Forward
  match: (method: string, path: string) => Endpoint | undefined
  mode: () => string
}

const decoder = new TextDecoder()
const jsonOrNull = (text: string): unknown => {
  try {
    return text.trim() ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/**
 * The audit log's two hooks around the dispatch (not per route):
 * - `recorder` (registered before sign-in and roles, so it also sees their refusals) writes one entry
 *   per write under /api once the answer is known;
 * - `beforeDispatch` (registered after the body limit, just before the API door and the dashboard's
 *   own routes) reads the before state of an API write from the API itself.
 */
export function createAudit({ store, forward, match, mode }: AuditOptions) {
  const names = zoneNames(forward)

  const recorder: MiddlewareHandler = async (c, next) => {
    const method = c.req.method.toUpperCase()
    if (!WRITE_METHODS.has(method)) return next()
    const state: RequestState = { raw: c.req.raw, requestId: randomUUID() }
    states.set(c, state)
    await next()
    const actor: Actor | undefined = maybeActor(c)
    if (!actor) return // not signed in: nobody acted
    const path = splitTarget(rawTarget(c)).path
    if (path.startsWith(AUDIT_BASE + '/')) return // undo: its write through the API door has its own entry
    const undoOf = undoMarker(c.req.header(UNDO_HEADER))
    if (undoOf !== undefined) state.details = { ...state.details, action: 'undo', undoOf }
    const isApi = path.startsWith(API_DOOR + '/')
    const apiPath = isApi ? path.slice(API_DOOR.length).replace(/\/$/, '') : ''
    const endpoint = state.endpoint ?? (isApi ? match(method, apiPath) : undefined)
    if (isApi && !endpoint) return // not a route: nothing was attempted
    const res = c.res
    const text = await res.clone().text()
    const answer = jsonOrNull(text) as { success?: boolean; result?: unknown; errors?: { code: number; message: string }[] } | null
    const ok = res.status < 400 && answer?.success !== false
    const desc = state.description ?? (endpoint ? describeApiWrite(endpoint, apiPath, null) : describeLocalWrite(method, path))
    if (!state.description && endpoint && ok && desc.action === 'create') desc.resourceId = idOf(answer?.result)
    const d = state.details ?? {}
    // An undo keeps the type and id of what it restored (a re-created record: its new id).
    if (d.action === 'undo' && !d.resourceId && ok) d.resourceId = desc.resourceId ?? idOf(answer?.result) ?? undefined
    // Refused before dispatch (sign-in, roles, write guard, validation): nothing is read from the
    // API for it, so a forged request never makes the server call upstream.
    const dispatched = state.endpoint !== undefined || (!isApi && ok)
    let after: unknown = 'after' in d ? d.after : null
    if (!('after' in d)) {
      after = endpoint && dispatched ? await readAfter(forward, endpoint, answer?.result ?? null, ok, desc.zoneId, state.captured?.baseline).catch(() => null) : ok ? (answer?.result ?? null) : null
    }
    const zoneId = d.zoneId ?? desc.zoneId
    const id = await store.audit.add({
      at: Date.now(),
      requestId: state.requestId,
      personId: actor.person.id,
      username: actor.person.username,
      personName: actor.person.displayName,
      mode: mode(),
      zoneId,
      zoneName:
        d.zoneName ??
        (!zoneId ? null : dispatched || (isRefusal(res.status, answer?.errors) && !writeRefusal(c)) ? await names.nameOf(zoneId).catch(() => null) : names.known(zoneId)),
      area: d.area ?? desc.area,
      resourceType: d.resourceType ?? desc.resourceType,
      resourceId: d.resourceId ?? desc.resourceId,
      action: d.action ?? desc.action,
      method,
      path: isApi ? apiPath : path,
      outcome: ok ? 'success' : isRefusal(res.status, answer?.errors) ? 'refused' : 'failure',
      status: res.status,
      errors: (answer?.errors ?? []).map((e) => ({ code: Number(e.code), message: String(e.message) })),
      before: withoutSecrets('before' in d ? d.before : (state.captured?.before ?? null)),
      after: withoutSecrets(after),
      undoOf: d.undoOf ?? null,
      restorePoint: ok ? state.captured?.restorePoint : undefined,
    })
    const headers = new Headers(res.headers)
    headers.set(AUDIT_ID_HEADER, String(id))
    headers.set(REQUEST_ID_HEADER, state.requestId)
    c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }

  const beforeDispatch: MiddlewareHandler = async (c, next) => {
    const state = states.get(c)
    const method = c.req.method.toUpperCase()
    const { path: full, query } = splitTarget(rawTarget(c))
    if (!state) return next()
    const person = /^\/api\/local\/people\/([^/]+)$/.exec(full)
    if (person && method === 'PATCH') {
      const p = await store.people.byId(decodeURIComponent(person[1]))
      state.details = { ...state.details, before: p ? publicPerson(p) : null }
    }
    if (!full.startsWith(API_DOOR + '/')) return next()
    const path = full.slice(API_DOOR.length).replace(/\/$/, '')
    const endpoint = match(method, path)
    if (!endpoint) return next()
    // A write the door will refuse (other site, missing header, invalid body) is not read before:
    // nothing reaches the API for it.
    if (writeRefusal(c)) return next()
    let body: unknown = null
    if (endpoint.body) {
      body = jsonOrNull(decoder.decode(await c.req.arrayBuffer()))
      if (oversizedStrings(body).length || !endpoint.body.safeParse(body ?? {}).success) return next()
    }
    state.endpoint = endpoint
    state.description = describeApiWrite(endpoint, path, body)
    // The audit never breaks a write: a before state that cannot be read is recorded as missing.
    state.captured = await readBefore(forward, match, endpoint, path, query, body, state.description.zoneId).catch(() => undefined)
    await next()
  }

  return { recorder, beforeDispatch, zoneName: names.nameOf }
}

const idOf = (result: unknown): string | null => {
  const id = (result as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

/** The dashboard's own refusals: sign-in, roles, zone scope, the write guard (403 with its code). */
const isRefusal = (status: number, errors: { code: number }[] | undefined) =>
  status === 403 && (errors ?? []).some((e) => e.code === 10403)

function undoMarker(header: string | undefined): number | undefined {
  const [key, id] = (header ?? '').split(':')
  return key === undoKey && /^\d+$/.test(id ?? '') ? Number(id) : undefined
}
