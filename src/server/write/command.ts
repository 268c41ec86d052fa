import type { Context } from 'hono'
import { apiErrorsFromIssues } from '../../shared/schemas/common'
import { oversizedStrings } from '../../shared/string-limits'
import { accessRefusal } from '../auth/access'
import type { Actor } from '../auth/actor'
import { needsAllZones, roleForEndpoint } from '../auth/endpoint-roles'
import { zoneScope } from '../auth/zone-scope'
import type { Endpoint } from '../endpoints'
import { jsonError, jsonErrors, PROXY_CODES } from '../http/envelope'
import { API_DOOR, CLIENT_DOOR, type Matched } from '../http/pipeline'
import type { Forward, ForwardRequest, Send } from '../upstream'

export { API_DOOR, CLIENT_DOOR } from '../http/pipeline'

/**
 * Where a write lands: a person's practice copy (its key) or, with `practice: null`, the live API (or
 * the sandbox). A change request's apply and an undo pass the target they were given when reserved,
 * so a session switching practice on or off meanwhile cannot move their writes to the other side.
 */
export interface WriteTarget {
  practice: string | null
}

/** On whose behalf a write is made, besides its actor's: said by the caller, never read off the request. */
export interface OnBehalfOf {
  /** The apply of this approved change request; `requestId`: the id stored on its items before sending (recover.ts). */
  changeRequest?: { id: number; requestId?: string }
  /** The undo of this audit entry (the audit log's undo, or a change request's). */
  undoOf?: number
}

/**
 * One write to the API: what every caller hands the command. The HTTP doors build it from the request;
 * a change request's apply and an undo build it themselves.
 */
export interface WriteCommand {
  /** Who writes. Undefined: an API client at /client/v4 without a personal token (the entry says "API client"). */
  actor: Actor | undefined
  target: WriteTarget
  door: typeof API_DOOR | typeof CLIENT_DOOR
  method: string
  /** Below the door, one trailing slash taken off (`/zones/<id>/dns_records`). */
  path: string
  /** With its `?`, or empty. */
  query: string
  /** Its endpoint of the table; undefined only at /client/v4 (the sandbox serves more than the table). */
  endpoint: Endpoint | undefined
  /** As sent over HTTP (bytes, parsed and validated here), or a value the caller built (validated here, never parsed). */
  body: { raw: Uint8Array<ArrayBuffer>; contentType?: string } | { json: unknown } | null
  accept?: string
  onBehalfOf?: OnBehalfOf
  /**
   * Records the caller read from the API just before (a DNS batch's: "change them all" has just read
   * the zone to plan it): the audit's before state is taken from them instead of being read again.
   * Only code in this process builds a command, so no door passes any: theirs are read as always.
   */
  known?: { records: readonly unknown[] }
  /**
   * The request being answered: its client address and the practice copy it entered (which must be
   * the target's). The write is not a request of its own: nothing of this request's path, headers or
   * cookie is read as the write's.
   */
  via: Context
  /**
   * The account it acts in when not the one `via` names (change them all's, per zone: search/replace.ts;
   * an undo, its entry's). Null: the default account, even when `via` names another.
   */
  account?: string | null
}

/** The audit log's part of a write: its record before it is sent, and its entry once answered. */
export interface WriteAudit {
  /** Reads the before state and stores the write-ahead record; throws when the store cannot keep it (nothing is sent). */
  begin(cmd: WriteCommand, body: unknown, send: Send, requestId: string): Promise<WriteEntry>
  /** The entry of a write that never went out (refused, invalid). */
  refused(cmd: WriteCommand, res: Response, requestId: string): Promise<Response>
}

export interface WriteEntry {
  /** Writes the entry for the answer; the answer comes back carrying the entry's id and the request id. */
  finish(res: Response): Promise<Response>
  /** The entry could not be written: its write-ahead record is left to be recovered as "outcome unknown". */
  abandon(): void
}

export interface WriterOptions {
  /** The app's forward (practice copy, sandbox, or live through the budget). */
  forward: Forward
  audit: WriteAudit
  /** The change requests' approval guard: the refusal, or undefined when the write may go on. */
  approval: (cmd: WriteCommand) => Promise<Response | undefined>
  /** A new request id (randomUUID): an apply's writes bring their own. */
  newRequestId: () => string
  /**
   * Live only: the rate budget's admission of a write (budget/index.ts's `admitWrite`, the rule its
   * gate admits requests by): the refusal, or undefined when it may be sent. None: no budget (the
   * sandbox, the bench's baseline).
   */
  admit?: (via: Context, path: string) => Promise<Response | undefined>
  /**
   * After a write was answered and recorded (never before its entry): what else follows from its
   * answer (the DNS record index takes the records it made, search/fresh.ts). Its failure fails nothing.
   */
  after?: (cmd: WriteCommand, res: Response) => Promise<void>
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

/**
 * The write command: authorise → approval guard → validate → capture the before state and record
 * ahead → send → record the entry. Each step is a plain function of the command; the whole of it
 * runs once per write, whoever calls it (README.md beside this file).
 */
export function createWriter({ forward, audit, approval, newRequestId, admit, after }: WriterOptions) {
  const scope = zoneScope(forward)

  /** Role and zone scope of the API door (a practice copy is the person's own: any role, no scope). */
  async function authorise(cmd: WriteCommand): Promise<Response | undefined> {
    // At /client/v4 the door's own credential check decided (auth/client-door.ts: a personal token's
    // owner, with their role and zones; SANDBOX_API_TOKEN or the open sandbox: any client).
    if (cmd.door !== API_DOOR || cmd.target.practice !== null) return undefined
    if (!cmd.endpoint) return jsonError(404, PROXY_CODES.noRoute, `No route for that URI: the dashboard does not use ${cmd.method} ${cmd.path}.`)
    if (!cmd.actor) return jsonError(403, PROXY_CODES.refused, 'Write refused: nobody is signed in.')
    const need = { role: roleForEndpoint(cmd.endpoint), allZones: needsAllZones(cmd.endpoint) }
    return accessRefusal(cmd.via, cmd.actor, need, API_DOOR + cmd.path, scope)
  }

  /** The body checked with its endpoint's schema: what goes on (sent as given, and as the schema gave it back), or the 400. */
  function validate(cmd: WriteCommand): { body: unknown; matched?: Matched; bytes?: Uint8Array<ArrayBuffer>; contentType?: string } | Response {
    const given = cmd.body
    const bytes = given === null ? undefined : 'raw' in given ? given.raw : encoder.encode(JSON.stringify(given.json))
    const contentType = given === null ? undefined : 'raw' in given ? given.contentType : 'application/json'
    const endpoint = cmd.endpoint
    if (!endpoint) return { body: null, bytes, contentType }
    if (!endpoint.body) return { body: null, matched: { endpoint }, bytes, contentType }
    let json: unknown = {}
    let sent: unknown = null
    if (given && 'json' in given) {
      json = sent = given.json ?? {}
    } else if (bytes?.byteLength) {
      const text = decoder.decode(bytes)
      if (text.trim()) {
        try {
          json = sent = JSON.parse(text)
        } catch {
          if (cmd.door !== API_DOOR) return { body: null, bytes, contentType }
          return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
        }
      }
    }
    // The client door leaves validation to the sandbox (the service's own messages): the body only names the object.
    if (cmd.door !== API_DOOR) return { body: sent, bytes, contentType }
    const tooLong = oversizedStrings(json)
    if (tooLong.length) return jsonErrors(400, tooLong)
    const parsed = endpoint.body.safeParse(json)
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, endpoint.validationCode ?? 1004))
    return { body: sent, matched: { endpoint, body: { sent: json, valid: parsed.data } }, bytes, contentType }
  }

  /**
   * Where the write goes: the target, which must be the copy (or the live side) the request being
   * answered is on. A live write must be admitted by the rate budget, as the door admits its own: an
   * apply's or an undo's writes are sent within a dashboard request, which the gate does not admit,
   * so a spent budget refuses them here, before anything is read or sent, with the door's message.
   */
  async function sendTo(cmd: WriteCommand): Promise<Send | Response> {
    const entered = cmd.via.get('zkPractice')?.key ?? null
    if (entered !== cmd.target.practice) return jsonError(409, PROXY_CODES.refused, 'This write belongs to the other side of the practice switch than this request: nothing was sent.')
    const refused = cmd.target.practice === null ? await admit?.(cmd.via, cmd.path) : undefined
    if (refused) return refused
    return (req: ForwardRequest) => forward(req, cmd.via)
  }

  async function run(cmd: WriteCommand): Promise<Response> {
    const requestId = cmd.onBehalfOf?.changeRequest?.requestId ?? newRequestId()
    const refusal = (await authorise(cmd)) ?? (await approval(cmd))
    if (refusal) return audit.refused(cmd, refusal, requestId)
    const checked = validate(cmd)
    if (checked instanceof Response) return audit.refused(cmd, checked, requestId)
    const send = await sendTo(cmd)
    if (send instanceof Response) return audit.refused(cmd, send, requestId)
    // Recorded before it is sent: a write that may have landed always has its entry (audit/pending.ts).
    const entry = await audit.begin(cmd, checked.body, send, requestId)
    let res: Response
    try {
      res = await send({
        method: cmd.method,
        pathAndQuery: cmd.path + cmd.query,
        contentType: checked.bytes?.byteLength ? checked.contentType : undefined,
        accept: cmd.accept,
        body: checked.bytes,
        matched: checked.matched,
      })
    } catch (err) {
      // Recorded as the failure the client is answered with (app.ts's onError), then thrown on to be logged.
      await entry.finish(jsonError(500, PROXY_CODES.internal, 'Unexpected error in the dashboard server.')).catch(() => entry.abandon())
      throw err
    }
    let answered: Response
    try {
      answered = await entry.finish(res)
    } catch (err) {
      entry.abandon() // no entry: the record from before sending stays, to be recovered as unknown
      throw err
    }
    if (after && answered.status < 400) await after(cmd, answered).catch(() => undefined)
    return answered
  }

  return { run }
}

export type Writer = ReturnType<typeof createWriter>
