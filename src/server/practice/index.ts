import type { Context, Hono, MiddlewareHandler, Next } from 'hono'
import { maybeActor, type Actor } from '../auth/actor'
import type { ServerConfig } from '../config'
import { cookieOf, rawTarget, splitTarget } from '../http/guard'
import { answerOf } from '../http/pipeline'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { mightTick, taskDone, type SeenRequest } from './checklist'
import { practiceLimits } from './limits'
import { LOCAL_PRACTICE_COOKIE, PRACTICE_BASE, personKey, registerPracticeRoutes } from './routes'
import { CopyBusy, practiceSandboxes, sharedPracticeSandboxes, type PracticeSandboxes } from './sandboxes'
import { modeForward } from './scope'
import { jsonError } from '../http/envelope'
import { STORAGE_FULL_CODE } from '../emulator'

export interface PracticeSetup {
  config: Pick<ServerConfig, 'mode' | 'dataDir' | 'databaseUrl' | 'practiceQuotaMb' | 'practiceWriteLimit'>
  store: Store
  /**
   * Given by tests; default: with DATABASE_URL each copy in the shared store (every instance sees
   * it), otherwise one SQLite file per person under DATA_DIR/practice.
   */
  sandboxes?: PracticeSandboxes
}

/** The practising session's target (person key and emulator), or undefined: live or sandbox. */
export const practiceOf = (c: Context) => c.get('zkPractice')

const notEntered = () => {
  throw new Error('This request does not use the practice copy.')
}

/**
 * The personal practice sandbox's steps of the request pipeline, which app.ts places in
 * its one chain: `forward(own)` for everything that forwards, `afterSignIn` right after the sign-in
 * gate (puts a practising session on its emulator), `checklist` before the API door and the
 * dashboard's routes (/api), `routes(app)` with the dashboard's routes.
 * In live and sandbox mode alike a session may switch to its person's own copy.
 */
export function createPracticeSteps({ config, store, sandboxes: given }: PracticeSetup) {
  const live = config.mode === 'live'
  const limits = practiceLimits(store, { quotaMb: config.practiceQuotaMb, writeLimit: config.practiceWriteLimit })
  const sandboxes =
    given ?? (config.databaseUrl ? sharedPracticeSandboxes(store.practiceCopies, { quotaBytes: limits.quotaBytes }) : practiceSandboxes(config.dataDir, undefined, limits.quotaBytes))
  const practising = (c: Context) => practiceOf(c) !== undefined
  /**
   * Per person, the write the copy's size limit last stopped (the copy's size then, the body's): a
   * write at least as large on a copy no smaller is refused at once instead of being run into the
   * limit and rolled back again (an import that fills a copy costs seconds before it is stopped).
   */
  const stopped = new Map<string, { size: number; body: number }>()

  // Not async for a session that does not practise (most requests): no promise of its own for those.
  const afterSignIn: MiddlewareHandler = (c, next) => {
    const actor = maybeActor(c)
    if (!actor) return next()
    const on = actor.kind === 'person' ? actor.practice === true : cookieOf(c, LOCAL_PRACTICE_COOKIE) === '1'
    return on ? inPractice(c, next, personKey(actor)) : next()
  }
  const inPractice = async (c: Context, next: Next, key: string) => {
    const method = c.req.method.toUpperCase()
    const { path } = splitTarget(rawTarget(c))
    // The switch and the reset work on the copy themselves (the reset takes its lease).
    if (path === PRACTICE_BASE || path.startsWith(PRACTICE_BASE + '/')) {
      c.set('zkPractice', { key, emulator: notEntered })
      return next()
    }
    // Practising from here on: a refusal below is a practice entry of the audit log, not a live one.
    c.set('zkPractice', { key, emulator: notEntered })
    // A write of the dashboard's (an undo, an apply) runs its API writes within this request: counted once, here.
    const writing = method !== 'GET' && method !== 'HEAD'
    if (writing) {
      const refused = await limits.rate(key, method, path)
      if (refused) return refused
    }
    let entered
    try {
      entered = await sandboxes.enter(key, writing)
    } catch (err) {
      if (err instanceof CopyBusy)
        return jsonError(503, 10503, 'Your practice copy is busy with another of your requests (a long import?). Try again in a moment.', { 'retry-after': '5' })
      throw err
    }
    // The copy stays open while this request is in flight; a write is saved for every instance.
    try {
      const size = writing ? entered.size() : 0
      const body = Number(c.req.header('content-length') ?? 0) || 0
      if (writing) {
        const full = limits.quota(size, method, body)
        if (full) return full
        const last = stopped.get(key)
        if (last && method !== 'DELETE' && body >= last.body && size >= last.size) return limits.full(size)
      }
      c.set('zkPractice', { key, emulator: () => entered.emulator })
      await next()
      // The copy's page limit stopped the write (rolled back): said as the quota, with what to do.
      if (writing && c.res.status === 413 && c.res.headers.get('content-type')?.includes('json')) {
        const said = (await c.res.clone().json().catch(() => null)) as { errors?: { code?: number }[] } | null
        if (said?.errors?.some((e) => e.code === STORAGE_FULL_CODE)) {
          stopped.set(key, { size, body })
          c.res = limits.full(entered.size())
        }
      } else if (writing && method === 'DELETE') stopped.delete(key)
    } finally {
      await entered.done()
    }
  }

  // Ticks the newcomer checklist from real requests and their answers, in practice and in the sandbox.
  // Not async where it only passes a request on (most requests): no promise of its own for those.
  const checklist: MiddlewareHandler = (c, next) => {
    // Who asks, and whether it could tick a task, are known before the answer (sign-in ran first).
    const actor = maybeActor(c)
    if (!actor || (live && !practising(c))) return next()
    const method = c.req.method.toUpperCase()
    const path = splitTarget(rawTarget(c)).path.replace(/\/$/, '')
    if (!mightTick(method, path)) return next()
    return watch(c, next, actor, method, path)
  }
  const watch = async (c: Context, next: Next, actor: Actor, method: string, path: string) => {
    await next()
    const answer = (await answerOf(c)) as SeenRequest['answer']
    const task = taskDone({ method, path, status: c.res.status, answer })
    if (task) await store.checklist.mark(personKey(actor), task).catch(() => {})
  }

  return {
    forward: (modeOwn: Forward): Forward => modeForward(modeOwn),
    afterSignIn,
    checklist,
    routes: (app: Hono) => registerPracticeRoutes(app, { store, live, sandboxes, practising }),
    practising,
    close: () => sandboxes.close(),
  }
}
