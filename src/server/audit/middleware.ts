import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { maybeActor, type Actor } from '../auth/actor'
import { clientAddress } from '../auth/request-info'
import type { Endpoint } from '../endpoints'
import { rawTarget, splitTarget, WRITE_METHODS } from '../guard'
import { APPLY_HEADER, applyChangeRequestOf, applyRequestIdOf } from '../change-requests/guard'
import { CLIENT_DOOR } from '../sandbox-door'
import { answerOf, apiRequestOf } from '../pipeline'
import { BULK_CHARS, publicPerson, tokenPrefix, type Store } from '../store'
import { APPLIED_REQUEST_KEY, type AppliedRequestView } from '../../shared/audit'
import { labelOf } from '../../shared/audit-label'
import { sendFor, type Forward, type ForwardRequest } from '../upstream'
import { readAfter, readBefore, type BeforeState } from './capture'
import { describeApiWrite, describeLocalWrite, describeUntabledWrite, type WriteDescription } from './describe'
import { withoutSecrets, withoutUrlSecrets } from './secrets'
import { AUDIT_BASE, UNDO_HEADER, undoKey } from './undo-marker'
import { zoneNames } from './zone-names'
import { beginPending } from './pending'

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
  /** The write's parsed body, once it passed every check (names the object of a create). */
  body?: unknown
  details?: AuditDetails
  /** The write reached the API (or the emulator): it passed every check. */
  dispatched?: boolean
  /** The zone's name, looked up before the write went out. */
  zoneName?: string | null
  /** Its record in the store from before it was sent, removed once the entry is written. */
  pending?: { done: () => Promise<void>; abandon: () => void }
}

/** The write being recorded, by request (the forward wrapper is handed the request too). */
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
  mode: (c: Context) => string
  /** This instance's name and lease length, for the record of a write on its way (see pending.ts). */
  pending: { instance: string; leaseMs: number }
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
 * The audit log around the dispatch (not per route):
 * - `recorder` (registered before sign-in and roles, so it also sees their refusals) writes one entry
 *   per write under /api once the answer is known;
 * - `wrapForward` wraps what the API door forwards with: once a write has passed every check (guard,
 *   validation) and is about to reach the API, it reads the before state from the API itself. A
 *   refused or invalid write therefore sends nothing upstream, not even a read.
 * - `beforeDispatch` (after the body limit) reads a person's state before the dashboard changes it.
 */
/** The emulator's answer to a path it has no route for (7000 / 7003). */
const isNoRoute = (status: number, errors: { code: number }[] | undefined) =>
  status === 404 && (errors ?? []).some((e) => Number(e.code) === 7000 || Number(e.code) === 7003)

export function createAudit({ store, forward, match, mode, pending }: AuditOptions) {
  const names = zoneNames(forward)

  const recorder: MiddlewareHandler = async (c, next) => {
    const method = c.req.method.toUpperCase()
    if (!WRITE_METHODS.has(method)) return next()
    // A change request's apply names its writes (how a recovery finds whether one landed).
    const state: RequestState = { raw: c.req.raw, requestId: applyRequestIdOf(c.req.header(APPLY_HEADER)) ?? randomUUID() }
    states.set(c, state)
    await next()
    try {
      await record(c, state, method)
    } catch (err) {
      state.pending?.abandon() // no entry: the record from before sending stays, to be recovered as unknown
      throw err
    }
    await state.pending?.done()
  }

  const record = async (c: Context, state: RequestState, method: string) => {
    const path = splitTarget(rawTarget(c)).path
    if (path.startsWith(AUDIT_BASE + '/')) return // undo: its write through the API door has its own entry
    // Matched once, by the guard (app.ts): the door and the endpoint.
    const api = apiRequestOf(c)
    const door = api?.door
    const res = c.res
    const answer = (await answerOf(c)) as { success?: boolean; result?: unknown; errors?: { code: number; message: string }[] } | null
    // An API client's write at /client/v4 acts as the owner of its personal token; without one (the
    // sandbox open on loopback, or SANDBOX_API_TOKEN) as "API client". Writes the door's own
    // credential check turned away were made by nobody known: not recorded.
    const actor: Actor | undefined = maybeActor(c) ?? (door === CLIENT_DOOR && !isCredentialRefusal(res.status, answer?.errors) ? API_CLIENT : undefined)
    if (!actor) return // not signed in: nobody acted
    const undoOf = undoMarker(c.req.header(UNDO_HEADER))
    if (undoOf !== undefined) state.details = { ...state.details, action: 'undo', undoOf }
    const isApi = door !== undefined
    const apiPath = api?.path ?? ''
    const endpoint = state.endpoint ?? api?.endpoint
    // Outside the endpoint table: the dashboard's door refuses it (nothing was attempted); the sandbox's
    // client door serves what the sandbox emulates beyond it (zones, pools …), and every such write is
    // an entry too, unless no route answered it.
    if (isApi && !endpoint && (door !== CLIENT_DOOR || isNoRoute(res.status, answer?.errors))) return
    const bearer = door === CLIENT_DOOR && actor !== API_CLIENT ? /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1] : undefined
    const ok = res.status < 400 && answer?.success !== false
    const desc =
      state.description ?? (endpoint ? describeApiWrite(endpoint, apiPath, null) : isApi ? describeUntabledWrite(method, apiPath) : describeLocalWrite(method, path))
    if (ok && desc.action === (isApi ? 'create' : 'token-create') && !desc.resourceId) desc.resourceId = idOf(answer?.result)
    const d = state.details ?? {}
    // An undo keeps the type and id of what it restored (a re-created record: its new id).
    if (d.action === 'undo' && !d.resourceId && ok) d.resourceId = desc.resourceId ?? idOf(answer?.result) ?? undefined
    let after: unknown = 'after' in d ? d.after : null
    if (!('after' in d)) {
      after = endpoint
        ? await readAfter(sendFor(forward, c), endpoint, answer?.result ?? null, ok, desc.zoneId, state.captured?.baseline).catch(() => null)
        : ok
          ? (answer?.result ?? null)
          : null
    }
    const zoneId = d.zoneId ?? desc.zoneId
    const before = withoutSecrets('before' in d ? d.before : (state.captured?.before ?? null))
    const resourceType = d.resourceType ?? desc.resourceType
    const outcome = ok ? 'success' : isRefusal(res.status, answer?.errors) ? 'refused' : 'failure'
    const m = mode(c)
    // Practice: a practice entry keeps no bulk before or after and no restore point.
    const practice = m === 'practice'
    const answered = practice ? slim(withoutSecrets(after)) : withoutSecrets(after)
    // A DNS write of an applied change request: the entry names the request and both people, since
    // the approver's session alone would make it read like the approver's own direct edit.
    const applied = ok && resourceType === 'dns_records' ? await appliedRequest(c, actor) : null
    const cleanAfter = applied && isPlainObject(answered) ? { ...answered, [APPLIED_REQUEST_KEY]: applied } : answered
    const id = await store.audit.add({
      at: Date.now(),
      requestId: state.requestId,
      personId: actor.person.id,
      username: actor.person.username,
      personName: actor.person.displayName,
      mode: m,
      zoneId,
      // Looked up only when the write reached the API or the dashboard's own route: of a refused
      // one (a zone outside the person's scope) nothing is looked up or recorded.
      zoneName: d.zoneName ?? (zoneId && outcome !== 'refused' && (state.dispatched || !isApi) ? await names.nameOf(zoneId, c).catch(() => null) : null),
      area: d.area ?? desc.area,
      resourceType,
      resourceId: d.resourceId ?? desc.resourceId,
      action: d.action ?? desc.action,
      method,
      path: isApi ? apiPath : path,
      outcome,
      status: res.status,
      errors: (answer?.errors ?? []).map((e) => ({ code: Number(e.code), message: withoutUrlSecrets(String(e.message)) })),
      before: practice ? slim(before) : before,
      after: cleanAfter,
      undoOf: d.undoOf ?? null,
      restorePoint: ok && !practice ? state.captured?.restorePoint : undefined,
      label: outcome === 'refused' ? null : labelOf(resourceType, before, cleanAfter, withoutSecrets(state.body ?? null)),
      tokenPrefix: bearer ? tokenPrefix(bearer) : null,
      address: clientAddress(c),
    })
    const headers = new Headers(res.headers)
    headers.set(AUDIT_ID_HEADER, String(id))
    headers.set(REQUEST_ID_HEADER, state.requestId)
    c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }

  /** The change request this write applies (only the apply's own header, with this process's key, names one). */
  const appliedRequest = async (c: Context, approver: Actor): Promise<AppliedRequestView | null> => {
    const id = applyChangeRequestOf(c.req.header(APPLY_HEADER))
    if (id === undefined) return null
    const r = await store.changeRequests.get(id).catch(() => undefined)
    if (!r) return null
    return {
      id: r.id,
      title: r.title,
      requester: { name: r.requester.name, username: r.requester.username },
      approver: { name: approver.person.displayName, username: approver.person.username },
    }
  }

  const beforeDispatch: MiddlewareHandler = async (c, next) => {
    const state = states.get(c)
    if (!state) return next()
    const method = c.req.method.toUpperCase()
    const { path: full } = splitTarget(rawTarget(c))
    const person = /^\/api\/local\/people\/([^/]+)$/.exec(full)
    // A change or a delete: the entry keeps who the person was.
    if (person && (method === 'PATCH' || method === 'DELETE')) {
      let id: string | undefined
      try {
        id = decodeURIComponent(person[1])
      } catch {
        id = undefined // a malformed escape names nobody: the route answers 404
      }
      const p = id === undefined ? undefined : await store.people.byId(id)
      state.details = { ...state.details, before: p ? publicPerson(p) : null }
    }
    await next()
  }

  // Not async for what it only passes on (reads, requests the recorder does not follow).
  const wrapForward =
    (inner: Forward): Forward =>
    (req, c) => {
      const state = states.get(c)
      if (!state || state.dispatched || req.method === 'GET') return inner(req, c)
      return beforeThenForward(inner, req, c, state)
    }
  const beforeThenForward = async (inner: Forward, req: ForwardRequest, c: Context, state: RequestState) => {
    state.dispatched = true
    const q = req.pathAndQuery.indexOf('?')
    const query = q < 0 ? '' : req.pathAndQuery.slice(q)
    // The request the doors forward: matched by the guard, its body parsed by the API door (zkBody);
    // at /client/v4 (no check of its own) the body is read here.
    const api = apiRequestOf(c)
    const endpoint = api?.endpoint
    if (api && endpoint) {
      const path = api.path
      const validated = c.get('zkBody')
      const body = !endpoint.body ? null : validated !== undefined ? validated : req.body ? jsonOrNull(decoder.decode(req.body)) : null
      state.endpoint = endpoint
      state.body = body
      state.description = describeApiWrite(endpoint, path, body)
      // The zone's name first (usually known already), so the before state is read just before the write.
      if (state.description.zoneId) state.zoneName = await names.nameOf(state.description.zoneId, c).catch(() => null)
      // The audit never breaks a write: a before state that cannot be read is recorded as missing.
      state.captured = await readBefore(sendFor(inner, c), match, endpoint, path, query, body, state.description.zoneId).catch(() => undefined)
    }
    await recordBeforeSending(c, state, api?.path ?? '', req.method.toUpperCase())
    return inner(req, c)
  }

  /**
   * Stores what is known of the write before it goes out (who, what, the before state, the restore
   * point), so that a crash before its answer still leaves its entry ("outcome unknown", written by
   * whichever instance recovers it). If the store cannot keep it, nothing is sent.
   */
  const recordBeforeSending = async (c: Context, state: RequestState, apiPath: string, method: string) => {
    const door = apiRequestOf(c)?.door
    const actor = maybeActor(c) ?? (door === CLIENT_DOOR ? API_CLIENT : undefined)
    if (!actor) return
    const desc = state.description ?? describeUntabledWrite(method, apiPath)
    const undoOf = undoMarker(c.req.header(UNDO_HEADER))
    const m = mode(c)
    const practice = m === 'practice'
    const before = withoutSecrets(state.captured?.before ?? null)
    const zoneId = desc.zoneId
    const bearer = door === CLIENT_DOOR && actor !== API_CLIENT ? /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1] : undefined
    const entry = {
      at: Date.now(),
      requestId: state.requestId,
      personId: actor.person.id,
      username: actor.person.username,
      personName: actor.person.displayName,
      mode: m,
      zoneId,
      zoneName: state.zoneName ?? null,
      area: desc.area,
      resourceType: desc.resourceType,
      resourceId: desc.resourceId,
      action: undoOf !== undefined ? 'undo' : desc.action,
      method,
      path: apiPath,
      before: practice ? slim(before) : before,
      undoOf: undoOf ?? null,
      label: labelOf(desc.resourceType, before, null, withoutSecrets(state.body ?? null)),
      tokenPrefix: bearer ? tokenPrefix(bearer) : null,
      address: clientAddress(c),
    }
    state.pending = await beginPending({ store, ...pending }, state.requestId, entry, practice ? null : (state.captured?.restorePoint ?? null))
  }

  return { recorder, beforeDispatch, wrapForward, zoneName: names.nameOf }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

const idOf = (result: unknown): string | null => {
  const id = (result as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

/** A practice entry's before or after: left out when bulky (what it was, in a sentence). */
function slim(value: unknown): unknown {
  if (value === null || value === undefined) return value
  const size = JSON.stringify(value)?.length ?? 0
  return size > BULK_CHARS ? { left_out: `A practice entry keeps no bulk before or after (${size} characters).` } : value
}

/** A write at /client/v4 without a personal token: made by an API client the dashboard cannot name. */
const API_CLIENT: Actor = { kind: 'local', person: { id: null, username: 'api-client', displayName: 'API client', role: 'admin', zones: '*' } }

/** The sandbox door's own credential answers (no or malformed credential, wrong SANDBOX_API_TOKEN). */
const isCredentialRefusal = (status: number, errors: { code: number }[] | undefined) =>
  (status === 400 || status === 403) && (errors ?? []).some((e) => e.code === 9106 || e.code === 6003 || e.code === 10000)

/** The dashboard's own refusals: sign-in, roles, zone scope, the write guard (403 with its code). */
const isRefusal = (status: number, errors: { code: number }[] | undefined) =>
  status === 403 && (errors ?? []).some((e) => e.code === 10403)

function undoMarker(header: string | undefined): number | undefined {
  const [key, id] = (header ?? '').split(':')
  return key === undoKey && /^\d+$/.test(id ?? '') ? Number(id) : undefined
}
