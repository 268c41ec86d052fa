import type { UsageRow } from '../store'

export interface UsageBackend {
  addUsage(rows: UsageRow[]): Promise<void>
  usageSince(since: number): Promise<UsageRow[]>
}

const MINUTE = 60_000

/**
 * Upstream calls per minute by area and by person, counted in memory and added to the store every
 * `flushMs` (one atomic increment per minute, area and person that moved: never a write per
 * request), so the panel adds up every instance's calls.
 */
export function createUsage({ backend, now = Date.now, flushMs = 5_000 }: { backend: UsageBackend; now?: () => number; flushMs?: number }) {
  let pending = new Map<string, UsageRow>()
  let flushing: Promise<void> | undefined

  const flush = async () => {
    await flushing
    if (!pending.size) return
    const rows = [...pending.values()]
    pending = new Map()
    flushing = backend.addUsage(rows).catch(() => {
      // Kept for the next flush: nothing counted is lost while the store is away.
      for (const r of rows) add(r.minute, r.area, r.person, r.calls)
    })
    await flushing
    flushing = undefined
  }
  const add = (minute: number, area: string, person: string, calls: number) => {
    const key = `${minute} ${area} ${person}`
    const row = pending.get(key)
    if (row) row.calls += calls
    else pending.set(key, { minute, area, person, calls })
  }

  let timer: NodeJS.Timeout | undefined
  return {
    count(area: string, person: string) {
      add(Math.floor(now() / MINUTE) * MINUTE, area, person, 1)
    },
    flush,
    /** Every instance's calls since `since` (this one's not yet flushed included). */
    async since(since: number): Promise<UsageRow[]> {
      const rows = await backend.usageSince(since)
      for (const r of pending.values()) if (r.minute >= since) rows.push({ ...r })
      return rows
    },
    start() {
      timer ??= setInterval(() => void flush(), flushMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await flush()
    },
  }
}
