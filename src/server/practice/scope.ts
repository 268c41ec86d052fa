import type { Emulator } from '../emulator'
import { emulatorForward } from '../doors/sandbox-door'
import type { Forward, Send } from '../upstream'

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
 * The forward every part of the app uses: to the live API, unless the request it is made for belongs
 * to a practising session (`zkPractice`, set right after sign-in), then to that person's emulator.
 * The live forward (and so the credential) is never called then. Every caller names its request
 * (the type requires it), so the API door, the audit's reads before and after, zone names, zone
 * scope and undo all follow the session's mode.
 */
export function modeForward(live: Forward): Forward {
  const forwards = new WeakMap<Emulator, Send>()
  return (req, c) => {
    const target = c.get('zkPractice')
    if (!target) return live(req, c)
    const emulator = target.emulator()
    let f = forwards.get(emulator)
    if (!f) forwards.set(emulator, (f = emulatorForward(emulator)))
    return f(req)
  }
}
