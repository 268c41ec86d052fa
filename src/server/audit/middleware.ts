import { requestAccount } from '../http/request-account'
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { maybeActor, type Actor } from '../auth/actor'
import { clientAddress } from '../auth/request-info'
import type { Endpoint } from '../endpoints'
import { rawTarget, splitTarget, WRITE_METHODS } from '../http/guard'
import { answerOf, apiRequestOf, CLIENT_DOOR, parsedAnswer } from '../http/pipeline'
import type { WriteAudit, WriteCommand } from '../write/command'
import { BULK_CHARS, publicPerson, tokenPrefix, type Store } from '../store'
import { APPLIED_REQUEST_KEY, type AppliedRequestView } from '../../shared/audit'
import { labelOf } from '../../shared/audit-label'
import { sendFor, type Forward, type Send } from '../upstream'
import { readAfter, readBefore, type BeforeState } from './capture'
import { describeApiWrite, describeLocalWrite, describeUntabledWrite, type WriteDescription } from './describe'
import { withoutSecrets, withoutUrlSecrets } from '../upstream/secrets'
import { AUDIT_BASE } from './undo-marker'
import { zoneNames } from '../upstream/zone-names'
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

declare module 'hono' {
  interface ContextVariableMap {
    /** What a dashboard route said about its own write (setAuditDetails), for the recorder's entry. */
    zkAudit: AuditDetails | undefined
  }
}

/** The request's actor (kept on the context, so also after the body limit replaced `c.req.raw`). */
export function requestActor(c: Context): Actor {
  const actor = maybeActor(c)
  if (!actor) throw new Error('No actor on this request: the access gate did not run.')
  return actor
}

/** A dashboard route's own words for its write's entry (merged with what it said before). */
export function setAuditDetails(c: Context, details: AuditDetails): void {
  c.set('zkAudit', { ...c.get('zkAudit'), ...details })
}

export interface AuditOptions {
  store: Store
  forward: Forward
  match: (method: string, path: string) => Endpoint | undefined
  mode: (c: Context) => string
  /** This instance's name and lease length, for the record of a write on its way (see pending.ts). */
  pending: { instance: string; leaseMs: number }
}

type Answer = { success?: boolean; result?: unknown; errors?: { code: number; message: string }[] } | null

/** Everything one entry is made of, passed explicitly (no state kept between hooks). */
interface EntryInput {
  /** The request being answered: its client address, its bearer token's prefix, what zone names are read through. */
  c: Context
  /** The account the write acted in when not the request's (a change request's apply; null: the default account). */
  account?: string | null
  actor: Actor
  /** `/api/v4`, `/client/v4`, or undefined for the dashboard's own routes. */
  door: string | undefined
  method: string
  /** Below the door for the API, the full path for the dashboard's own routes. */
  path: string
  endpoint: Endpoint | undefined
  requestId: string
  mode: string
  res: Response
  answer: Answer
  /** The write went out (API) or reached its route (local): only then is its zone's name looked up. */
  dispatched: boolean
  description?: WriteDescription
  body?: unknown
  captured?: BeforeState
  details?: AuditDetails
  /** The change request this write applies: the entry names it and both people. */
  changeRequest?: number
  send: Send
}

/**
 * The audit log's recording of writes:
 * - `writeAudit`: the write command's (write/command.ts) record, for every write to the API: before it
 *   is sent, the before state read from the API and the write-ahead record; once answered, its entry.
 * - `recorder` (registered before sign-in and roles, so it also sees their refusals) writes the entry
 *   of every other write under /api and /client: refused before it became a command, or a dashboard
 *   route's own (with what the route said, setAuditDetails).
 * - `beforeDispatch` (after the body limit) reads a person's state before the dashboard changes it.
 */
/** The emulator's answer to a path it has no route for (7000 / 7003). */
const isNoRoute = (status: number, errors: { code: number }[] | undefined) =>
  status === 404 && (errors ?? []).some((e) => Number(e.code) === 7000 || Number(e.code) === 7003)

export function createAudit({ store, forward, match, mode, pending }: AuditOptions) {
  const names = zoneNames(forward)

  /** Writes one entry; undefined when the write is not one to record (an untabled path no route answered). */
  const addEntry = async (x: EntryInput): Promise<number | undefined> => {
    const { res, answer, actor, door, endpoint, method } = x
    const isApi = door !== undefined
    // Outside the endpoint table: the dashboard's door refuses it (nothing was attempted); the sandbox's
    // client door serves what the sandbox emulates beyond it (zones, pools …), and every such write is
    // an entry too, unless no route answered it.
    if (isApi && !endpoint && (door !== CLIENT_DOOR || isNoRoute(res.status, answer?.errors))) return undefined
    const bearer = door === CLIENT_DOOR && actor !== API_CLIENT ? /^Bearer +(\S+) *$/i.exec(x.c.req.header('authorization') ?? '')?.[1] : undefined
    const ok = res.status < 400 && answer?.success !== false
    const desc = x.description ?? (endpoint ? describeApiWrite(endpoint, x.path, null) : isApi ? describeUntabledWrite(method, x.path) : describeLocalWrite(method, x.path))
    if (ok && desc.action === (isApi ? 'create' : 'token-create') && !desc.resourceId) desc.resourceId = idOf(answer?.result)
    const d = { ...x.details }
    // An undo keeps the type and id of what it restored (a re-created record: its new id).
    if (d.action === 'undo' && !d.resourceId && ok) d.resourceId = desc.resourceId ?? idOf(answer?.result) ?? undefined
    let after: unknown = 'after' in d ? d.after : null
    if (!('after' in d)) {
      after = endpoint
        ? await readAfter(x.send, endpoint, answer?.result ?? null, ok, desc.zoneId, x.captured?.baseline).catch(() => null)
        : ok
          ? (answer?.result ?? null)
          : null
    }
    const zoneId = d.zoneId ?? desc.zoneId
    const before = withoutSecrets('before' in d ? d.before : (x.captured?.before ?? null))
    const resourceType = d.resourceType ?? desc.resourceType
    const outcome = ok ? 'success' : isRefusal(res.status, answer?.errors) ? 'refused' : 'failure'
    // Practice: a practice entry keeps no bulk before or after and no restore point.
    const practice = x.mode === 'practice'
    const answered = practice ? slim(withoutSecrets(after)) : withoutSecrets(after)
    // A DNS write of an applied change request: the entry names the request and both people, since
    // the approver's session alone would make it read like the approver's own direct edit.
    const applied = ok && resourceType === 'dns_records' && x.changeRequest !== undefined ? await appliedRequest(x.changeRequest, actor) : null
    const cleanAfter = applied && isPlainObject(answered) ? { ...answered, [APPLIED_REQUEST_KEY]: applied } : answered
    return store.audit.add({
      at: Date.now(),
      requestId: x.requestId,
      personId: actor.person.id,
      username: actor.person.username,
      personName: actor.person.displayName,
      mode: x.mode,
      zoneId,
      // Looked up only when the write reached the API or the dashboard's own route: of a refused
      // one (a zone outside the person's scope) nothing is looked up or recorded.
      zoneName: d.zoneName ?? (zoneId && outcome !== 'refused' && (x.dispatched || !isApi) ? await names.nameOf(zoneId, x.c).catch(() => null) : null),
      area: d.area ?? desc.area,
      resourceType,
      resourceId: d.resourceId ?? desc.resourceId,
      action: d.action ?? desc.action,
      method,
      path: x.path,
      outcome,
      status: res.status,
      errors: (answer?.errors ?? []).map((e) => ({ code: Number(e.code), message: withoutUrlSecrets(String(e.message)) })),
      before: practice ? slim(before) : before,
      after: cleanAfter,
      undoOf: d.undoOf ?? null,
      restorePoint: ok && !practice ? x.captured?.restorePoint : undefined,
      label: outcome === 'refused' ? null : labelOf(resourceType, before, cleanAfter, withoutSecrets(x.body ?? null)),
      tokenPrefix: bearer ? tokenPrefix(bearer) : null,
      address: clientAddress(x.c),
      account: accountOfWrite(x.account, x.c),
    })
  }

  /** The answer with the entry's number and the request id on it (the body, and its one parse, kept). */
  const withIds = (res: Response, id: number | undefined, requestId: string) => {
    if (id === undefined) return res
    const headers = new Headers(res.headers)
    headers.set(AUDIT_ID_HEADER, String(id))
    headers.set(REQUEST_ID_HEADER, requestId)
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }

  const recorder: MiddlewareHandler = async (c, next) => {
    const method = c.req.method.toUpperCase()
    if (!WRITE_METHODS.has(method)) return next()
    const requestId = randomUUID()
    await next()
    // A write that ran as a command has its entry already (the command's own).
    if (c.get('zkWritten')) return
    const path = splitTarget(rawTarget(c)).path
    if (path.startsWith(AUDIT_BASE + '/')) return // undo: its write has its own entry
    // Matched once, by the guard (app.ts): the door and the endpoint.
    const api = apiRequestOf(c)
    const door = api?.door
    const answer = (await answerOf(c)) as Answer
    // An API client's write at /client/v4 acts as the owner of its personal token; without one (the
    // sandbox open on loopback, or SANDBOX_API_TOKEN) as "API client". Writes the door's own
    // credential check turned away were made by nobody known: not recorded.
    const actor: Actor | undefined = maybeActor(c) ?? (door === CLIENT_DOOR && !isCredentialRefusal(c.res.status, answer?.errors) ? API_CLIENT : undefined)
    if (!actor) return // not signed in: nobody acted
    const id = await addEntry({
      c, actor, door, method, path: door ? (api?.path ?? '') : path, endpoint: api?.endpoint, requestId, mode: mode(c), res: c.res, answer,
      dispatched: false, details: c.get('zkAudit'), send: sendFor(forward, c),
    })
    c.res = withIds(c.res, id, requestId)
  }

  /** The change request this write applies (named by its apply, an argument of the write command). */
  const appliedRequest = async (id: number, approver: Actor): Promise<AppliedRequestView | null> => {
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
    const method = c.req.method.toUpperCase()
    if (!WRITE_METHODS.has(method)) return next()
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
      setAuditDetails(c, { before: p ? publicPerson(p) : null })
    }
    await next()
  }

  const modeOf = (cmd: WriteCommand) => (cmd.target.practice !== null ? 'practice' : mode(cmd.via))
  const actorOfCommand = (cmd: WriteCommand) => cmd.actor ?? API_CLIENT
  const undoDetails = (cmd: WriteCommand): AuditDetails | undefined =>
    cmd.onBehalfOf?.undoOf !== undefined ? { action: 'undo', undoOf: cmd.onBehalfOf.undoOf } : undefined

  /** The write command's part (write/command.ts): its entry, and its record before it is sent. */
  const writeAudit: WriteAudit = {
    async refused(cmd, res, requestId) {
      const answer = (await parsedAnswer(res)) as Answer
      const id = await addEntry({
        c: cmd.via, actor: actorOfCommand(cmd), door: cmd.door, method: cmd.method, path: cmd.path, endpoint: cmd.endpoint, requestId, mode: modeOf(cmd),
        res, answer, dispatched: false, details: undoDetails(cmd), send: sendFor(forward, cmd.via), account: cmd.account,
      })
      return withIds(res, id, requestId)
    },
    async begin(cmd, body, send, requestId) {
      const { endpoint, path, method } = cmd
      const description = endpoint ? describeApiWrite(endpoint, path, body) : describeUntabledWrite(method, path)
      let zoneName: string | null | undefined
      let captured: BeforeState | undefined
      if (endpoint) {
        // The zone's name first (usually known already), so the before state is read just before the write.
        if (description.zoneId) zoneName = await names.nameOf(description.zoneId, cmd.via).catch(() => null)
        // The audit never breaks a write: a before state that cannot be read is recorded as missing.
        captured = await readBefore(send, match, endpoint, path, cmd.query, body, description.zoneId, cmd.known).catch(() => undefined)
      }
      const actor = actorOfCommand(cmd)
      const m = modeOf(cmd)
      const details = undoDetails(cmd)
      const held = await recordBeforeSending(cmd, actor, m, requestId, description, body, captured, zoneName ?? null)
      return {
        async finish(res) {
          const answer = (await parsedAnswer(res)) as Answer
          const id = await addEntry({
            c: cmd.via, actor, door: cmd.door, method, path, endpoint, requestId, mode: m, res, answer, dispatched: true,
            description, body, captured, details, changeRequest: cmd.onBehalfOf?.changeRequest?.id, send, account: cmd.account,
          })
          await held.done()
          return withIds(res, id, requestId)
        },
        abandon: () => held.abandon(),
      }
    },
  }

  /**
   * Stores what is known of the write before it goes out (who, what, the before state, the restore
   * point), so that a crash before its answer still leaves its entry ("outcome unknown", written by
   * whichever instance recovers it). If the store cannot keep it, nothing is sent.
   */
  const recordBeforeSending = async (
    cmd: WriteCommand, actor: Actor, m: string, requestId: string, desc: WriteDescription, body: unknown, captured: BeforeState | undefined, zoneName: string | null,
  ) => {
    const practice = m === 'practice'
    const before = withoutSecrets(captured?.before ?? null)
    const undoOf = cmd.onBehalfOf?.undoOf
    const bearer = cmd.door === CLIENT_DOOR && cmd.actor ? /^Bearer +(\S+) *$/i.exec(cmd.via.req.header('authorization') ?? '')?.[1] : undefined
    const entry = {
      at: Date.now(),
      requestId,
      personId: actor.person.id,
      username: actor.person.username,
      personName: actor.person.displayName,
      mode: m,
      zoneId: desc.zoneId,
      zoneName,
      area: desc.area,
      resourceType: desc.resourceType,
      resourceId: desc.resourceId,
      action: undoOf !== undefined ? 'undo' : desc.action,
      method: cmd.method,
      path: cmd.path,
      before: practice ? slim(before) : before,
      undoOf: undoOf ?? null,
      label: labelOf(desc.resourceType, before, null, withoutSecrets(body ?? null)),
      tokenPrefix: bearer ? tokenPrefix(bearer) : null,
      address: clientAddress(cmd.via),
      // A write made in another account than the one the request names (change them all's, per zone) says that one.
      account: accountOfWrite(cmd.account, cmd.via),
    }
    return beginPending({ store, ...pending }, requestId, entry, practice ? null : (captured?.restorePoint ?? null))
  }

  return { recorder, beforeDispatch, writeAudit, zoneName: names.nameOf }
}

/**
 * The account an entry is recorded under: the one the write command names (null: the default
 * account, named so by an undo of a default-account entry asked from another account's page), else
 * the one the request names, else the default.
 */
const accountOfWrite = (named: string | null | undefined, c: Context): string | null => (named !== undefined ? named : (requestAccount(c).account ?? null))

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
