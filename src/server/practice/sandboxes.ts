import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { createEmulator, type Emulator } from '../emulator'

/** Where a person's practice data lives: `$DATA_DIR/practice/<hash of the person's key>.sqlite`. */
export const practiceFile = (dataDir: string, key: string) =>
  dataDir === ':memory:'
    ? ':memory:'
    : join(dataDir, 'practice', `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.sqlite`)

export interface PracticeSandboxes {
  /** The person's emulator: opened on first use, created and seeded (demo data, no scale-test zones) if new. */
  of: (key: string) => Emulator
  /** Throws the person's practice data away and writes the demo data again. */
  reset: (key: string) => void
  /**
   * Marks the person's copy as in use by a request until the returned function is called: a copy
   * with a request in flight is never closed (issue 23); past `keepOpen`, idle ones are closed first,
   * and the rest once their last request ends.
   */
  hold: (key: string) => () => void
  close: () => void
}

/**
 * One emulator per person who practises (issue 12): the same emulator and demo data as the sandbox,
 * private to them, without the large scale-test zones so each costs about a tenth of a second and a
 * few hundred kilobytes. Open ones are kept (the least recently used are closed past `keepOpen`).
 */
export function practiceSandboxes(dataDir: string, keepOpen = 32): PracticeSandboxes {
  const open = new Map<string, Emulator>()
  const inFlight = new Map<string, number>()
  /** Closes the least recently used idle copies while more than `limit` are open. */
  const trim = (limit: number) => {
    for (const [key, emulator] of open) {
      if (open.size <= limit) break
      if (inFlight.has(key)) continue
      open.delete(key)
      emulator.close()
    }
  }
  const of = (key: string) => {
    let e = open.get(key)
    if (e) {
      open.delete(key) // re-inserted: the Map's order is the use order
    } else {
      trim(keepOpen - 1)
      e = createEmulator({ file: practiceFile(dataDir, key), scaleZones: false })
    }
    open.set(key, e)
    return e
  }
  const hold = (key: string) => {
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const n = (inFlight.get(key) ?? 1) - 1
      if (n > 0) inFlight.set(key, n)
      else inFlight.delete(key)
      trim(keepOpen)
    }
  }
  return {
    of,
    hold,
    reset: (key) => of(key).reset(),
    close: () => {
      for (const e of open.values()) e.close()
      open.clear()
    },
  }
}
