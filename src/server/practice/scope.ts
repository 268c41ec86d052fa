import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareHandler } from 'hono'
import type { Emulator } from '../emulator'
import { emulatorForward } from '../sandbox-door'
import type { Forward } from '../upstream'

/** Whose practice sandbox a request works in (set once the session is known). */
export interface PracticeTarget {
  /** The person's id, or `local` for the local administrator. */
  key: string
  /** Their emulator, opened (and on first use created) on demand. */
  emulator: () => Emulator
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set (practice/index.ts) on requests of a session that is practising; absent otherwise. */
    zkPractice: PracticeTarget | undefined
  }
}

/**
 * One holder per request, entered before anything else runs and filled in once the session is known,
 * so every forward made for the request (the API door, the audit's reads before and after, zone
 * names, undo) follows the session's mode, also from code that sees no Hono context.
 */
const requests = new AsyncLocalStorage<{ target?: PracticeTarget }>()

export const enterRequest: MiddlewareHandler = (_c, next) => requests.run({}, next)

export function setRequestTarget(target: PracticeTarget): void {
  const holder = requests.getStore()
  if (!holder) throw new Error('practice: the request holder is missing (enterRequest must run first).')
  holder.target = target
}

/**
 * The forward every part of the app uses: to the live API, unless the request belongs to a practising
 * session, then to that person's emulator. The live forward (and so the credential) is never called then.
 */
export function modeForward(live: Forward): Forward {
  const forwards = new WeakMap<Emulator, Forward>()
  return (req) => {
    const target = requests.getStore()?.target
    if (!target) return live(req)
    const emulator = target.emulator()
    let f = forwards.get(emulator)
    if (!f) forwards.set(emulator, (f = emulatorForward(emulator)))
    return f(req)
  }
}
