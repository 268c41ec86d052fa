import type { Context, Hono, MiddlewareHandler, Next } from 'hono'
import { UNDO_HEADER } from '../audit/undo-marker'
import { maybeActor, type Actor } from '../auth/actor'
import type { ServerConfig } from '../config'
import { cookieOf, rawTarget, splitTarget } from '../guard'
import type { Store } from '../store'
import type { Forward } from '../upstream'
import { mightTick, taskDone, type SeenRequest } from './checklist'
import { LOCAL_PRACTICE_COOKIE, personKey, registerPracticeRoutes } from './routes'
import { practiceSandboxes, type PracticeSandboxes } from './sandboxes'
import { modeForward } from './scope'

export { ledgerZone } from './ledger'
export type { PracticeTarget } from './scope'

export interface PracticeSetup {
  config: Pick<ServerConfig, 'mode' | 'dataDir'>
  store: Store
  /** Given by tests; default: one SQLite file per person under DATA_DIR/practice. */
  sandboxes?: PracticeSandboxes
}

/** The practising session's target (person key and emulator), or undefined: live or sandbox. */
export const practiceOf = (c: Context) => c.get('zkPractice')

/**
 * The personal practice sandbox (issue 12), in the app's order:
 * `forward(live)` for everything that forwards,
 * `afterSignIn` right after the sign-in gate (puts a practising session on its emulator),
 * `checklist` before the API door and the dashboard's routes, `routes` with the dashboard's routes.
 * In sandbox mode there are no per-person copies: practice is the sandbox, only the checklist runs.
 */
export function setUpPractice(app: Hono, { config, store, sandboxes: given }: PracticeSetup) {
  const live = config.mode === 'live'
  const sandboxes = live ? (given ?? practiceSandboxes(config.dataDir)) : undefined
  const practising = (c: Context) => practiceOf(c) !== undefined

  const afterSignIn: MiddlewareHandler = (c, next) => {
    const actor = maybeActor(c)
    if (!sandboxes || !actor) return next()
    const on = actor.kind === 'person' ? actor.practice === true : cookieOf(c, LOCAL_PRACTICE_COOKIE) === '1'
    if (on) {
      const key = personKey(actor)
      const target = { key, emulator: () => sandboxes.of(key) }
      c.set('zkPractice', target)
      // The copy stays open while this request is in flight (issue 23).
      const release = sandboxes.hold(key)
      return next().finally(release)
    }
    return next()
  }

  // Ticks the newcomer checklist from real requests and their answers, in practice and in the sandbox.
  // Not async where it only passes a request on (most requests): no promise of its own for those.
  const checklist: MiddlewareHandler = (c, next) => {
    // Who asks, and whether it could tick a task, are known before the answer (sign-in ran first).
    const actor = maybeActor(c)
    if (!actor || (live && !practising(c))) return next()
    const method = c.req.method.toUpperCase()
    const path = splitTarget(rawTarget(c)).path.replace(/\/$/, '')
    if (!mightTick(method, path) || c.req.header(UNDO_HEADER)) return next()
    return watch(c, next, actor, method, path)
  }
  const watch = async (c: Context, next: Next, actor: Actor, method: string, path: string) => {
    await next()
    const answer = (await c.res
      .clone()
      .json()
      .catch(() => null)) as SeenRequest['answer']
    const task = taskDone({ method, path, status: c.res.status, answer })
    if (task) await store.checklist.mark(personKey(actor), task).catch(() => {})
  }

  return {
    // Only live mode has practising sessions to route: the sandbox pays for none of it.
    forward: (liveForward: Forward): Forward => (sandboxes ? modeForward(liveForward) : liveForward),
    afterSignIn: () => (sandboxes ? afterSignIn : undefined),
    checklist: () => app.use('/api/*', checklist),
    routes: () => registerPracticeRoutes(app, { store, live, sandboxes, practising }),
    practising,
    close: () => sandboxes?.close(),
  }
}
