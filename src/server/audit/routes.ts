import type { Context, Hono } from 'hono'
import { csvCell, type CsvValue } from '../../shared/page-shield/csv'
import { auditQuery, type AuditQuery } from '../../shared/lists/audit'
import { QueryError } from '../../shared/lists/query'
import { auditTimeRange } from '../../shared/schemas/audit'
import { setActor, type Actor } from '../auth/actor'
import type { ActInAccount } from '../accounts/routes'
import { AUDIT_ID_HEADER, requestActor as actorOf } from './middleware'
import { jsonError, jsonErrors, jsonOk } from '../http/envelope'
import type { AuditEntry, AuditFilter, Store } from '../store'
import { sendFor, type Forward } from '../upstream'
import { alreadyUndone, checkUndo, undoCheckAnswer } from './undo-check'
import { NotUndoable, planUndo } from './undo-plan'
import { AUDIT_BASE } from './undo-marker'
import { resultInfo } from '../../shared/lists/result-info'
import { localBody } from '../local/read-body'
import { targetOf } from '../practice/target'
import type { Endpoint } from '../endpoints'
import { API_DOOR } from '../http/pipeline'
import type { WriteTarget, Writer } from '../write/command'

/** Who may see what: administrators everything; others the entries of zones in their scope and their own. */
export const scopeOf = (a: Actor): AuditFilter['scope'] =>
  a.person.role === 'admin' ? undefined : { zones: a.person.zones, personId: a.person.id }

/**
 * Practice: a practising session sees only its person's practice entries (their data is
 * their own, and its ids repeat in everyone's copy); other sessions never see practice entries, so
 * nobody undoes a practice change against the live account or someone else's practice.
 */
const practiceFilter = (c: Context): Pick<AuditFilter, 'practice' | 'scope'> =>
  c.get('zkPractice') ? { practice: { personId: actorOf(c).person.id } } : { practice: false, scope: scopeOf(actorOf(c)) }

/**
 * Whether the asker may read this entry, against their scope as it is now (not as it was when the
 * entry was made): an entry of a zone only while that zone is in their scope, even their own; their
 * own entries that name no zone (people, sessions, a refused write whose zone was never looked up).
 * `touchesZone`: the read reaches the zone itself (its current state, its restore point), which
 * needs the zone's name in scope: an own entry without one is not enough.
 */
function visible(c: Context, e: AuditEntry, touchesZone = false): boolean {
  const a = actorOf(c)
  if (c.get('zkPractice')) return e.mode === 'practice' && e.personId === a.person.id
  if (e.mode === 'practice') return false
  const s = scopeOf(a)
  if (!s) return true
  if (e.zoneName !== null) return s.zones === '*' || s.zones.includes(e.zoneName)
  if (e.zoneId !== null && touchesZone) return s.zones === '*'
  return s.personId !== null && e.personId === s.personId
}

function filterOf(s: AuditQuery, c: Context): AuditFilter {
  return { person: s.person, zone: s.zone, area: s.area, action: s.action, outcome: s.outcome, account: s.account_id, ...auditTimeRange(s), ...practiceFilter(c) }
}

const CSV_COLUMNS = ['id', 'time', 'person', 'username', 'token', 'mode', 'zone', 'area', 'resource_type', 'resource_id', 'object', 'action', 'outcome', 'status', 'errors', 'request_id', 'before', 'after', 'undo_of', 'address', 'account', 'hash'] as const
const csvRow = (e: AuditEntry) => ({
  id: e.id, time: new Date(e.at).toISOString(), person: e.personName, username: e.username, token: e.tokenPrefix ?? '', mode: e.mode, zone: e.zoneName ?? e.zoneId ?? '',
  area: e.area, resource_type: e.resourceType, resource_id: e.resourceId ?? '', object: e.label ?? '', action: e.action, outcome: e.outcome, status: e.status,
  errors: e.errors.map((x) => `${x.code}: ${x.message}`).join('; '), request_id: e.requestId,
  before: side(e, 'before'), after: side(e, 'after'), undo_of: e.undoOf ?? '', address: e.address ?? '', account: e.account ?? '', hash: e.hash ?? '',
})
/** A before or after in the CSV: the JSON, or for a bulk one (left out of lists) its size and where to read it. */
function side(e: AuditEntry, which: 'before' | 'after'): string {
  const size = e.omitted?.[which] ?? 0
  if (e.omitted && size > 0 && e[which] === null) return `[${(size / 1024 / 1024).toFixed(1)} MB left out of the export: GET ${AUDIT_BASE}/${e.id}]`
  return e[which] === null ? '' : JSON.stringify(e[which])
}

/** The CSV is written a slice at a time (other requests get their turn in between), up to these caps. */
export const CSV_SLICE = 200
export const CSV_MAX_ROWS = 50_000
export const CSV_MAX_BYTES = 32 * 1024 * 1024

export interface AuditRouteOptions {
  store: Store
  /** Writes the entries of writes cut short by a stopped instance (see pending.ts) before the log is read. */
  recover?: () => Promise<unknown>
  /** An entry's undo and its check (createUndo). */
  undo: EntryUndo
}

/**
 * Undoes the entry with this id for the request being answered (its actor, who must see the entry),
 * writing to `target`: the audit log's undo route and a change request's undo call it alike.
 */
export type UndoEntry = (c: Context, id: number, confirm: boolean, target: WriteTarget) => Promise<Response>

/**
 * An entry's undo, and its check (the audit page's GET …/undo-check: what the undo would send and
 * what changed since), both in the entry's own account with the asker's grant there.
 */
export type EntryUndo = UndoEntry & { check: (c: Context, id: number) => Promise<Response> }

const noEntry = () => jsonError(404, 10404, 'No such audit entry (or it is outside your zone scope).')

/**
 * The undo of one entry, in the request being answered: reserved in the store before anything is
 * sent (one row per undone entry: of many concurrent undos exactly one gets it, on any instance; the
 * others get 409 with who and when), checked, then its inverse write run as a write command of the
 * asker's (roles, the approval guard, validation, the audit entry, naming the undone entry). The
 * reservation is released when the undo does not happen, and kept when it succeeded.
 */
export function createUndo({ store, forward, writer, match, inAccount }: { store: Store; forward: Forward; writer: Writer; match: (method: string, path: string) => Endpoint | undefined; inAccount?: ActInAccount }): EntryUndo {
  /**
   * An entry is undone in the account it was made in, whatever account the asker's page acts in
   * (a "change them all" spans accounts; the audit log lists entries of several): its check and its
   * write go through the credential that reaches that account, and the asker acts with their grant
   * there (none: no such entry for them, said as for an entry outside their scope). A practice
   * entry stays in its practice copy.
   */
  async function enterAccountOf(c: Context, e: AuditEntry): Promise<Response | undefined> {
    if (e.mode === 'practice' || !inAccount) return undefined
    const account = e.account ?? undefined
    const a = actorOf(c)
    if (a.kind === 'person' && a.account !== account) {
      const grant = await store.grants.forAccount(a.person.id, account)
      if (!grant) return noEntry()
      const { account: _page, ...rest } = a
      setActor(c, { ...rest, person: { ...a.person, role: grant.role, zones: grant.zones }, ...(account ? { account } : {}) })
    }
    if (!account) {
      // The default account's entry: the deployment's own way, as a request naming no account.
      c.set('zkVia', undefined)
      return undefined
    }
    return inAccount(c, account)
  }
  async function undoOnce(c: Context, e: AuditEntry, confirm: boolean, target: WriteTarget): Promise<Response> {
    const check = await checkUndo(sendFor(forward, c), e, undefined)
    if (!('checked' in check)) return undoCheckAnswer(check)
    const result = check.checked
    if (result.conflicts.length && !confirm) {
      return c.json({ success: false, errors: [{ code: 10409, message: 'Changed since: someone changed this after the entry. Look at the differences and confirm to undo anyway.' }], messages: [], result }, 409)
    }
    const { method, path: target_, body } = result.request
    const q = target_.indexOf('?')
    const path = q < 0 ? target_ : target_.slice(0, q)
    // The write goes where the entry was read (the target fixed when the request came in), even if
    // the session switches practice on or off while it runs.
    return writer.run({
      actor: actorOf(c),
      target,
      door: API_DOOR,
      method,
      path,
      query: q < 0 ? '' : target_.slice(q),
      endpoint: match(method, path),
      body: body === undefined ? null : { json: body },
      onBehalfOf: { undoOf: e.id },
      via: c,
      // The entry's account, the default one (null) included: never the account the asker's page names.
      account: e.account,
    })
  }
  /** The entry, with this request entered into its account (its credential, the asker's grant there), or the refusal. */
  async function entered(c: Context, id: number): Promise<AuditEntry | Response> {
    const e = Number.isSafeInteger(id) ? await store.audit.get(id) : undefined
    if (!e) return noEntry()
    const refused = await enterAccountOf(c, e)
    if (refused) return refused
    return visible(c, e, true) ? e : noEntry()
  }
  const undo: UndoEntry = async (c, id, confirm, target) => {
    const e = await entered(c, id)
    if (e instanceof Response) return e
    const { person } = actorOf(c)
    const reserved = await store.audit.undo.reserve(e.id, { personId: person.id, username: person.username, personName: person.displayName })
    if (!reserved.won) return alreadyUndone(reserved.by)
    let res: Response | undefined
    try {
      res = await undoOnce(c, e, confirm, target)
    } finally {
      if (res?.ok) {
        await store.audit.undo.done(e.id, Number(res.headers.get(AUDIT_ID_HEADER)) || null)
        // A change request's write undone here shows on the request (its own Undo then leaves it alone).
        await store.changeRequests.entryUndone(e.id, e.zoneId)
      } else await store.audit.undo.release(e.id)
    }
    return res
  }
  // The check reads what the undo would write, where the undo would write it.
  const check = async (c: Context, id: number): Promise<Response> => {
    const e = await entered(c, id)
    if (e instanceof Response) return e
    return undoCheckAnswer(await checkUndo(sendFor(forward, c), e, await store.audit.undo.of(e.id)))
  }
  return Object.assign(undo, { check })
}

/**
 * The audit log's routes: the list with filters, its CSV, one object's history, one entry, its
 * restore point, and undo (check first, then the inverse write sent through the API door so that it
 * is checked and recorded like any other write). Roles: see auth/endpoint-roles.ts.
 */
export function registerAuditRoutes(app: Hono, { store, recover, undo }: AuditRouteOptions): void {
  /** The filters, read by the list's one declaration (`auditQuery`); a bad value is a 400 (code 1004) naming its key. */
  const readSearch = (c: Context): AuditQuery | Response => {
    try {
      return auditQuery.read(new URL(c.req.url).searchParams)
    } catch (e) {
      if (e instanceof QueryError) return jsonErrors(400, [{ code: 1004, message: e.message, source: { pointer: `/${e.key}` } }])
      throw e
    }
  }

  app.get(AUDIT_BASE, async (c) => {
    const s = readSearch(c)
    if (s instanceof Response) return s
    const page = s.page ?? 1
    const perPage = s.per_page ?? 50
    await recover?.()
    const { entries, total } = await store.audit.list(filterOf(s, c), page, perPage)
    return c.json({ success: true, errors: [], messages: [], result: entries, result_info: resultInfo({ page, perPage }, entries.length, total) })
  })

  app.get(`${AUDIT_BASE}/export.csv`, async (c) => {
    const s = readSearch(c)
    if (s instanceof Response) return s
    const filter = filterOf(s, c)
    const total = await store.audit.count(filter)
    const encoder = new TextEncoder()
    let lastId: number | null = null
    let rows = 0
    let bytes = 0
    let started = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true
          const head = CSV_COLUMNS.join(',') + '\r\n'
          bytes += head.length
          return controller.enqueue(encoder.encode(head))
        }
        await new Promise<void>((resolve) => setImmediate(resolve))
        const slice = rows < CSV_MAX_ROWS ? await store.audit.slice(filter, lastId, Math.min(CSV_SLICE, CSV_MAX_ROWS - rows)) : []
        let text = ''
        let full = slice.length === 0
        for (const e of slice) {
          const values = csvRow(e) as Record<string, CsvValue>
          const line = CSV_COLUMNS.map((col) => csvCell(values[col])).join(',') + '\r\n'
          if (bytes + text.length + line.length > CSV_MAX_BYTES) {
            full = true
            break
          }
          text += line
          rows++
          lastId = e.id
        }
        if (text) controller.enqueue(encoder.encode(text))
        bytes += text.length
        if (full || rows >= CSV_MAX_ROWS) controller.close()
      },
    })
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="audit-log.csv"',
        'cache-control': 'no-store',
        // The export stops at CSV_MAX_ROWS rows or CSV_MAX_BYTES: narrow the filter for the rest.
        'x-zonekeeper-total-entries': String(total),
        'x-zonekeeper-max-rows': String(CSV_MAX_ROWS),
      },
    })
  })

  // Administrators only (endpoint-roles.ts): walks every entry's hash.
  app.get(`${AUDIT_BASE}/chain`, async () => jsonOk(await store.audit.verify()))

  app.get(`${AUDIT_BASE}/history`, async (c) => {
    const q = new URL(c.req.url).searchParams
    const [zoneId, type, id] = [q.get('zone_id'), q.get('type'), q.get('id')]
    if (!zoneId || !type || !id) return jsonError(400, 1004, 'History needs zone_id, type and id.')
    const { entries } = await store.audit.list({ resource: { zoneId, type, id }, ...practiceFilter(c) }, 1, 200)
    return jsonOk(entries)
  })

  const entryOf = async (c: Context, touchesZone = false): Promise<AuditEntry | Response> => {
    const id = Number(c.req.param('id'))
    const e = Number.isSafeInteger(id) ? await store.audit.get(id) : undefined
    return e && visible(c, e, touchesZone) ? e : noEntry()
  }

  app.get(`${AUDIT_BASE}/:id`, async (c) => {
    const e = await entryOf(c)
    if (e instanceof Response) return e
    let undo: { summary: string; note?: string } | { reason: string }
    try {
      const plan = planUndo(e)
      undo = { summary: plan.summary, note: plan.note }
    } catch (err) {
      if (!(err instanceof NotUndoable)) throw err
      undo = { reason: err.message }
    }
    return jsonOk({ entry: e, undo, undoneBy: (await store.audit.undoneBy(e.id)) ?? null })
  })

  app.get(`${AUDIT_BASE}/:id/restore-point`, async (c) => {
    const e = await entryOf(c, true)
    if (e instanceof Response) return e
    const text = await store.audit.restorePoint(e.id)
    if (text === undefined) return jsonError(404, 10404, 'This entry has no restore point.')
    const day = new Date(e.at).toISOString().slice(0, 10)
    return new Response(text, {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="restore-point-${e.zoneName ?? e.zoneId}-${day}-entry-${e.id}.txt"` },
    })
  })

  // Read in the entry's own account, as the undo itself acts (createUndo).
  app.get(`${AUDIT_BASE}/:id/undo-check`, (c) => undo.check(c, Number(c.req.param('id'))))

  /** The undo (createUndo) of the entry, to this request's side of the practice switch. */
  app.post(`${AUDIT_BASE}/:id/undo`, async (c) => {
    // Whether the asker may see the entry is decided by the undo itself, with their grant in the
    // entry's own account (createUndo), not the one their page acts in.
    // Empty, or {"confirm": true}: the route table's schema refused anything else before this ran.
    const confirm = localBody(c, 'POST', `${AUDIT_BASE}/:id/undo`)?.confirm === true
    return undo(c, Number(c.req.param('id')), confirm, targetOf(c))
  })
}
