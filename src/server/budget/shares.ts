import type { ShareRow } from '../store'

/** Where each person's calls are added up across instances: the store's `budget` part. */
export interface ShareBackend {
  addShares(rows: ShareRow[]): Promise<void>
  sharesSince(since: number): Promise<ShareRow[]>
}

/** The most of the quota one person may spend in a window, in percent, unless API_PERSON_SHARE says otherwise. */
export const DEFAULT_PERSON_SHARE = 50
/**
 * A window is counted in this many slots: fine enough that a person's calls free up soon after
 * they leave the window, coarse enough that reading every person's count is a few rows each.
 */
export const SLOTS_PER_WINDOW = 10

/** The calls one person may make in a window of `quota`. */
export const personLimit = (quota: number, percent: number) => Math.max(1, Math.floor((quota * percent) / 100))

export interface ShareAdmission {
  ok: boolean
  used: number
  limit: number
  /** Not ok: seconds until enough of the person's calls have left the window. */
  retryAfter: number
}

/**
 * Each person's share of the service's window. One person's page reads used to be able to spend the
 * whole team's quota and leave everyone else (administrators included) refused until the window
 * ended; now no person may make more than `percent` of the quota's calls in any span of the window.
 *
 * Counted as a sliding window in slots of a tenth of it (so "when it frees up" is a time, not the
 * service's reset, which instances see a second apart), in memory and added to the store every
 * sync (one atomic increment per slot and person, never a write per request), and every
 * instance's counts read back at the same time: two instances' calls add up, a few calls of the last
 * second aside.
 */
export function createShares({ backend, now = Date.now, percent = DEFAULT_PERSON_SHARE, log }: { backend: ShareBackend; now?: () => number; percent?: number; log?: (line: string) => void }) {
  /** Every instance's counts as last read (this instance's written ones included). */
  let known: ShareRow[] = []
  /** Written to the store, not yet seen in a read. */
  let unseen: ShareRow[] = []
  let pending = new Map<string, ShareRow>()
  let windowMs = 300_000
  let syncing: Promise<void> | undefined

  const slotMs = () => Math.max(1000, Math.ceil(windowMs / SLOTS_PER_WINDOW))
  /**
   * A slot counts until a whole window has passed since it ended: the calls of any span of the
   * window are then never counted short, whichever instant of its slot each was made at.
   */
  const countsUntil = (slot: number) => slot + slotMs() + windowMs
  const rowsOf = (person: string | undefined, t: number) => {
    const out: ShareRow[] = []
    for (const list of [known, unseen, pending.values()])
      for (const r of list) if ((person === undefined || r.person === person) && countsUntil(r.slot) > t) out.push(r)
    return out
  }

  const setWindow = (windowSeconds: number) => {
    if (windowSeconds > 0) windowMs = windowSeconds * 1000
  }

  return {
    percent,
    limit: (quota: number) => personLimit(quota, percent),
    /** One upstream call of `person`. */
    count(person: string, windowSeconds: number) {
      setWindow(windowSeconds)
      const size = slotMs()
      const slot = Math.floor(now() / size) * size
      const key = `${slot} ${person}`
      const row = pending.get(key)
      if (row) row.calls++
      else pending.set(key, { slot, person, calls: 1 })
    },
    /** May `person` make `cost` more calls in this window? */
    admit(person: string, cost: number, quota: number, windowSeconds: number): ShareAdmission {
      setWindow(windowSeconds)
      const t = now()
      const limit = personLimit(quota, percent)
      const rows = rowsOf(person, t).sort((a, b) => a.slot - b.slot)
      const used = rows.reduce((a, r) => a + r.calls, 0)
      const need = Math.min(cost, limit)
      if (used + need <= limit) return { ok: true, used, limit, retryAfter: 0 }
      // The oldest slots leave the window first: when enough of them have, the person may go on.
      let left = used
      let freeAt = t
      for (const r of rows) {
        left -= r.calls
        freeAt = countsUntil(r.slot)
        if (left + need <= limit) break
      }
      return { ok: false, used, limit, retryAfter: Math.max(1, Math.ceil((freeAt - t) / 1000)) }
    },
    /** Every person's calls in the window now, the most first. */
    current(): { name: string; calls: number }[] {
      const by = new Map<string, number>()
      for (const r of rowsOf(undefined, now())) by.set(r.person, (by.get(r.person) ?? 0) + r.calls)
      return [...by].map(([name, calls]) => ({ name, calls })).sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name))
    },
    /** Adds this instance's new counts to the store and reads every instance's back. */
    sync(): Promise<void> {
      syncing ??= (async () => {
        if (pending.size) {
          const rows = [...pending.values()]
          pending = new Map()
          unseen.push(...rows)
          try {
            await backend.addShares(rows)
          } catch (err) {
            // Kept for the next sync: counted here meanwhile.
            unseen = unseen.filter((r) => !rows.includes(r))
            for (const r of rows) {
              const key = `${r.slot} ${r.person}`
              const row = pending.get(key)
              if (row) row.calls += r.calls
              else pending.set(key, r)
            }
            log?.(`rate budget: could not share people's counts (${err instanceof Error ? err.message : String(err)})`)
          }
        }
        try {
          const t = now()
          known = await backend.sharesSince(t - windowMs - slotMs())
          unseen = []
        } catch (err) {
          log?.(`rate budget: could not read people's counts (${err instanceof Error ? err.message : String(err)})`)
        }
      })().finally(() => {
        syncing = undefined
      })
      return syncing
    },
  }
}
