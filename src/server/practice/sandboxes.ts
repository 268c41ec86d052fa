import { createHash, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { createEmulator, type Emulator } from '../emulator'
import type { Db } from '../emulator/module'
import type { PracticeCopyStore } from '../store/practice-copies'

/** Where a person's practice data lives: `$DATA_DIR/practice/<hash of the person's key>.sqlite`. */
export const practiceFile = (dataDir: string, key: string) =>
  dataDir === ':memory:'
    ? ':memory:'
    : join(dataDir, 'practice', `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.sqlite`)

/** Bytes a copy's data takes (its pages in use; free pages left by deletes do not count). */
export const copyBytes = (db: Db): number => {
  const pageSize = Number(db.pragma('page_size', { simple: true }))
  const pages = Number(db.pragma('page_count', { simple: true }))
  const free = Number(db.pragma('freelist_count', { simple: true }))
  return (pages - free) * pageSize
}

/**
 * Caps a copy's database at `quotaBytes` (SQLite's page limit on the connection): a statement that
 * would grow the file past it fails and its transaction is rolled back, so no single write, however
 * large, takes a copy past its quota. (The write-ahead log beside the file is not counted: it is
 * folded back into the file at checkpoints and holds at most the pages of the writes since.)
 */
export function capCopy(emulator: Emulator, quotaBytes: number | undefined): Emulator {
  if (quotaBytes === undefined) return emulator
  const pageSize = Number(emulator.db.pragma('page_size', { simple: true }))
  emulator.db.pragma(`max_page_count = ${Math.max(1, Math.floor(quotaBytes / pageSize))}`)
  return emulator
}

/** One request's use of a person's copy. */
export interface EnteredCopy {
  emulator: Emulator
  /** Bytes the copy takes now. */
  size: () => number
  /** The request is over: a write is saved where every instance sees it, and the copy may be closed. */
  done: () => Promise<void>
}

/** Thrown when a copy stays busy with another request for longer than a request may wait. */
export class CopyBusy extends Error {}

export interface PracticeSandboxes {
  /** Where copies are kept: `files` ($DATA_DIR/practice) or `store` (the shared store: DATABASE_URL). */
  where: 'files' | 'store'
  /**
   * Opens the person's copy for one request (created and seeded with the demo data if new). `write`:
   * the request may change it; the copy is then the request's alone until `done`, on every instance.
   * A copy entered is never closed before `done`.
   */
  enter: (key: string, write: boolean) => Promise<EnteredCopy>
  /** Throws the person's practice data away and writes the demo data again. */
  reset: (key: string) => Promise<void>
  close: () => void
}

/**
 * One emulator per person who practises, in a SQLite file of its own under DATA_DIR: the
 * same emulator and demo data as the sandbox, private to them, without the large scale-test zones so
 * each costs about a tenth of a second and a few hundred kilobytes. Open ones are kept (the least
 * recently used are closed past `keepOpen`). Instances that share DATA_DIR share the files (SQLite
 * locks them); instances on different machines do not: with DATABASE_URL use `sharedPracticeSandboxes`.
 */
export function practiceSandboxes(dataDir: string, keepOpen = 32, quotaBytes?: number) {
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
      e = capCopy(createEmulator({ file: practiceFile(dataDir, key), scaleZones: false }), quotaBytes)
    }
    open.set(key, e)
    return e
  }
  /**
   * Marks the person's copy as in use by a request until the returned function is called: a copy
   * with a request in flight is never closed; past `keepOpen`, idle ones are closed first,
   * and the rest once their last request ends.
   */
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
  const sandboxes: PracticeSandboxes & { of: typeof of; hold: typeof hold } = {
    where: 'files',
    of,
    hold,
    enter: async (key, writing) => {
      const release = hold(key)
      const emulator = of(key)
      const done = async () => {
        // The write-ahead log is folded into the file and emptied after each write: on disk a copy is
        // its file (bounded by the quota) plus at most the pages of the write in progress.
        if (writing && emulator.db.open) {
          try {
            emulator.db.pragma('wal_checkpoint(TRUNCATE)')
          } catch {
            // busy with a reader: the next write's checkpoint empties it
          }
        }
        release()
      }
      return { emulator, size: () => copyBytes(emulator.db), done }
    },
    reset: (key) => of(key).reset(),
    close: () => {
      for (const e of open.values()) e.close()
      open.clear()
    },
  }
  return sandboxes
}

export interface SharedOptions {
  /** How long a write's lease holds before it is renewed (a crashed instance's runs out). */
  leaseMs?: number
  /** How long a write waits for another one of the same person before it gives up. */
  waitMs?: number
  keepOpen?: number
  /** Each copy's size limit (see capCopy). */
  quotaBytes?: number
}

interface LocalCopy {
  emulator: Emulator
  /** The stored version this emulator holds. */
  version: number
  holds: number
  /** Replaced by a newer version: closed once its last request ends. */
  retired: boolean
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const changesOf = (db: Db) => Number((db.prepare('SELECT total_changes() AS n').get() as { n: number }).n)

/**
 * Practice copies in the shared store: with DATABASE_URL every instance reaches
 * the same copy. Each instance keeps an open emulator per person and the version it holds; a read
 * asks the store for the version (one small query) and loads the copy again only when another
 * instance saved a newer one. A write first takes the copy's lease in the store (one statement: free,
 * run out, or already this request's), brings the copy up to date, runs, and saves the new image
 * with the version raised by one before giving the lease back. So two instances never change two
 * versions of one copy: the store decides who writes, never memory. Open copies are in memory (16
 * kept per instance, the least recently used idle ones closed first; each at most the quota).
 */
export function sharedPracticeSandboxes(store: PracticeCopyStore, { leaseMs = 30_000, waitMs = 60_000, keepOpen = 16, quotaBytes }: SharedOptions = {}): PracticeSandboxes {
  const local = new Map<string, LocalCopy>()
  const fresh = () => capCopy(createEmulator({ file: ':memory:', scaleZones: false }), quotaBytes)
  const dispose = (copy: LocalCopy) => {
    if (copy.holds === 0) copy.emulator.close()
  }
  const trim = () => {
    for (const [key, copy] of local) {
      if (local.size <= keepOpen) break
      if (copy.holds > 0) continue
      local.delete(key)
      copy.retired = true
      dispose(copy)
    }
  }
  /** A copy comes out of `install` and `current` held (one more request uses it): see `letGo`. */
  const install = (key: string, emulator: Emulator, version: number): LocalCopy => {
    const old = local.get(key)
    if (old) {
      old.retired = true
      dispose(old)
    }
    const copy: LocalCopy = { emulator, version, holds: 1, retired: false }
    local.delete(key)
    local.set(key, copy)
    trim()
    return copy
  }
  const letGo = (copy: LocalCopy) => {
    copy.holds--
    if (copy.retired) dispose(copy)
    else trim()
  }
  /** The local copy at the store's version, held (loaded when another instance saved a newer one); undefined when none was ever saved. */
  const current = async (key: string): Promise<LocalCopy | undefined> => {
    const version = await store.version(key)
    const have = local.get(key)
    if (!version) return undefined
    if (have && have.version === version) {
      local.delete(key) // re-inserted: the Map's order is the use order
      local.set(key, have)
      have.holds++
      return have
    }
    const saved = await store.load(key)
    if (!saved) return undefined
    const again = local.get(key)
    if (again && again.version >= saved.version) {
      again.holds++ // loaded meanwhile by another request
      return again
    }
    return install(key, capCopy(createEmulator({ file: ':memory:', image: saved.data, scaleZones: false }), quotaBytes), saved.version)
  }
  /** One request's use of a held copy: `done` runs `finish`, then lets the copy go. */
  const enterCopy = (copy: LocalCopy, finish: () => Promise<void> = async () => {}): EnteredCopy => {
    let left = false
    return {
      emulator: copy.emulator,
      size: () => copyBytes(copy.emulator.db),
      done: async () => {
        if (left) return
        left = true
        try {
          await finish()
        } finally {
          letGo(copy)
        }
      },
    }
  }
  /** Takes the copy's lease for one request, waiting (polling the store) while another request holds it. */
  const acquire = async (key: string, holder: string) => {
    const until = Date.now() + waitMs
    for (let wait = 10; !(await store.lease(key, holder, leaseMs)); wait = Math.min(wait * 2, 200)) {
      if (Date.now() > until) throw new CopyBusy(`The practice copy stayed busy with another request for ${Math.round(waitMs / 1000)} s.`)
      await pause(wait)
    }
    // Renewed while the request runs (a long import); a crashed instance's lease runs out instead.
    const renew = setInterval(() => void store.renew(key, holder, leaseMs).catch(() => {}), Math.max(1000, leaseMs / 3))
    renew.unref()
    return () => clearInterval(renew)
  }
  const save = async (key: string, holder: string, copy: LocalCopy) => {
    const version = await store.save(key, holder, copy.emulator.db.serialize())
    if (version === undefined) throw new Error('The practice copy could not be saved: its lease ran out.')
    copy.version = version
  }
  /** Under the lease: the current copy (made and saved if none), held; `work` applied and saved. */
  const write = async (key: string, work?: (copy: LocalCopy) => Promise<void> | void) => {
    const holder = randomUUID()
    const stopRenewing = await acquire(key, holder)
    const giveBack = async () => {
      stopRenewing()
      await store.release(key, holder)
    }
    let copy: LocalCopy | undefined
    try {
      copy = await current(key)
      if (!copy) {
        copy = install(key, fresh(), 0)
        await save(key, holder, copy)
      }
      if (work) {
        await work(copy)
        await save(key, holder, copy)
      }
      return { copy, holder, giveBack }
    } catch (err) {
      if (copy) letGo(copy)
      await giveBack()
      throw err
    }
  }
  return {
    where: 'store',
    enter: async (key, writing) => {
      if (!writing) {
        const copy = await current(key)
        if (copy) return enterCopy(copy)
        // Never saved: made (and saved) under the lease, so two instances never seed two copies.
        const made = await write(key)
        await made.giveBack()
        return enterCopy(made.copy)
      }
      const { copy, holder, giveBack } = await write(key)
      const before = changesOf(copy.emulator.db)
      return enterCopy(copy, async () => {
        try {
          if (!copy.retired && changesOf(copy.emulator.db) !== before) await save(key, holder, copy)
        } finally {
          await giveBack()
        }
      })
    },
    reset: async (key) => {
      const { copy, giveBack } = await write(key, (c) => c.emulator.reset())
      letGo(copy)
      await giveBack()
    },
    close: () => {
      for (const copy of local.values()) copy.emulator.close()
      local.clear()
    },
  }
}
