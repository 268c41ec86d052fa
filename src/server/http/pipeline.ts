import type { Context } from 'hono'
import type { Endpoint } from '../endpoints'

/** The browser's door to the API (proxy.ts). */
export const API_DOOR = '/api/v4'
/** The sandbox's door for API clients (sandbox-door.ts). */
export const CLIENT_DOOR = '/client/v4'

/**
 * What the request pipeline learns about a request, once, for the steps after it (see app.ts):
 * the guard matches an API request against the endpoint table, a write command (write/) parses and
 * validates a write's body, and the answer is parsed once for everyone who reads it (the audit, the checklist).
 */
export interface ApiRequest {
  /** `/api/v4` or `/client/v4`. */
  door: string
  /** The path below the door, one trailing slash taken off (`/zones/<id>/dns_records`). */
  path: string
  /** The query as sent, with its `?` (empty when none). */
  query: string
  /** The endpoint of the table it matches; undefined: not one the dashboard uses. */
  endpoint: Endpoint | undefined
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the guard (app.ts) on every request at /api/v4 or /client/v4 whose path is safe. */
    zkApi: ApiRequest | undefined
    /**
     * Set by a door (proxy.ts, sandbox-door.ts) once the request ran as a write command (write/), which
     * recorded its own audit entry: the audit's recorder then records nothing more for it.
     */
    zkWritten: true
  }
}

/**
 * What the pipeline hands on with a request it forwards (the API door sets it on the ForwardRequest):
 * its endpoint of the table and, for a write with a JSON body, that body as sent and as its endpoint's
 * schema gave it back. The sandbox takes both as they are (see emulator/table-routes.ts); live, it is not sent.
 */
export interface Matched {
  endpoint: Endpoint
  /** `sent`: the JSON as sent (`{}` for an empty body); `valid`: the schema's output for it. */
  body?: { sent: unknown; valid: unknown }
}

/** The API request as the guard matched it (undefined for other paths). */
export const apiRequestOf = (c: Context): ApiRequest | undefined => c.get('zkApi')

/** Parsed answers, by their body: a response wrapped anew (other headers, the same body) keeps its parse. */
const answers = new WeakMap<ReadableStream, Promise<unknown>>()

/**
 * The request's answer (`c.res`) parsed as JSON once, whoever asks first (null when it is not
 * JSON); the response itself is left to be sent as it is. The parse goes with the body: the audit
 * rewrapping the answer with its headers, or an undo handing on the answer of its write (a request
 * of its own), does not make anyone parse it again.
 */
export function answerOf(c: Context): Promise<unknown> {
  return parsedAnswer(c.res)
}

/** An answer parsed as JSON once, whoever asks first (answerOf for a response not on a context yet). */
export function parsedAnswer(res: Response): Promise<unknown> {
  const known = res.body && answers.get(res.body)
  if (known) return known
  // Cloning tees the body: the response keeps one branch (its body from now on), the parse reads the other.
  const parsed = res
    .clone()
    .text()
    .then((text) => {
      try {
        return text.trim() ? (JSON.parse(text) as unknown) : null
      } catch {
        return null
      }
    })
    .catch(() => null)
  if (res.body) answers.set(res.body, parsed)
  return parsed
}
