import type { Context, Hono } from 'hono'

/**
 * Where a write lands: a person's practice copy (its key) or, with `practice: null`, the live API
 * (or the sandbox). A change request's apply and undo and the audit log's undo send their writes
 * through the whole app as requests of their own; those carry the target they were given, so a
 * session switching practice on or off meanwhile cannot move them to the other side.
 */
export interface WriteTarget {
  practice: string | null
}

/**
 * The key the target travels under in the in-process request's environment: only a caller inside
 * this process sets it (a request from the network has the node server's environment).
 */
const TARGET = 'zkWriteTarget'

/** The target of the request being answered, as fixed when it came in (its session's mode then). */
export const targetOf = (c: Context): WriteTarget => ({ practice: c.get('zkPractice')?.key ?? null })

/** The target an in-process request was sent with, if any. */
export const givenTarget = (c: Context): WriteTarget | undefined => {
  const t = (c.env as Record<string, unknown> | undefined)?.[TARGET] as WriteTarget | undefined
  return t && (t.practice === null || typeof t.practice === 'string') ? t : undefined
}

export type Dispatch = (c: Context, path: string, init: RequestInit, target: WriteTarget) => Promise<Response>

/**
 * Sends a request through the whole app (sign-in, roles, the guards, the audit recorder) as the
 * caller's session, from the caller's address, at `path` (not the caller's raw URL), to `target`.
 */
export const dispatchThrough =
  (app: Hono): Dispatch =>
  async (c, path, init, target) => {
    const incoming = (c.env as { incoming?: { socket?: unknown } } | undefined)?.incoming
    const env = { ...(incoming ? { incoming: { url: path, socket: incoming.socket } } : {}), [TARGET]: target }
    return app.request(new URL(path, c.req.url).toString(), { ...init, headers: { ...(init.headers as Record<string, string>), cookie: c.req.header('cookie') ?? '' } }, env)
  }
