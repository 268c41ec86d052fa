import type { ForwardRequest } from '../upstream'
import { wholeAnswers, type WholeAnswer } from '../upstream/whole-answers'

const ZONE_LIST = /^\/zones(\?|$)/
const ZONE_ID = /^[0-9a-f]{32}$/

/**
 * Account-wide lists worth keeping a moment: the zone list (any filter or page) and one zone (its id
 * → name). Asked of every read, so a prefix and the path's length first (a zone's records have
 * neither); a pattern only for `/zones/<32 characters>`.
 */
export const isAccountWide = (pathAndQuery: string) => {
  if (!pathAndQuery.startsWith('/zones')) return false
  const q = pathAndQuery.indexOf('?')
  const end = q === -1 ? pathAndQuery.length : q
  return end === 6 || (end === 39 && pathAndQuery[6] === '/' && ZONE_ID.test(pathAndQuery.slice(7, 39)))
}

export interface SharedReadsOptions {
  /** How long an account-wide answer is kept. Default 15 s. */
  ttlMs?: number
  /** Entries kept at most; past it the least recently used one goes (one at a time). Default 1,000. */
  maxEntries?: number
  /**
   * How old a kept answer may be and still be served while the budget is low or spent
   * (stale-while-revalidate). Default 10 minutes: two of the service's windows.
   */
  maxStaleMs?: number
  /**
   * Who refreshes a stale answer, decided by the store for every instance: `claim` says yes to one
   * instance at a time per kept answer (a short lease), `release` gives it back after a failed
   * refresh. Without it, the refresh is coalesced on this instance only.
   */
  refreshLease?: RefreshLease
  now?: () => number
}

/** The store's refresh lease per kept answer (see SharedReadsOptions.refreshLease). */
export interface RefreshLease {
  claim(key: string): Promise<boolean>
  release(key: string): Promise<void>
}

/** How a read is asked for, as the budget stands. */
export interface ReadMode {
  /**
   * The budget is low: an account-wide answer past its time (but within maxStaleMs) is served at once,
   * saying how old it is, and refreshed once in the background (one call, whoever asks meanwhile).
   */
  low?: boolean
  /**
   * The budget allows no call for this read: a kept account-wide answer of any age (within maxStaleMs)
   * is served without a refresh; anything else gets this answer (the budget's clear refusal).
   */
  refuse?: () => Promise<Response>
}

/** Header of a stale answer: `x-zonekeeper-shared: stale` and its age in seconds (`Age`, RFC 9111). */
const STALE_AGE_HEADER = 'age'

interface Entry {
  key: string
  at: number
  answer: WholeAnswer
  hits: number
}

const toResponse = (a: WholeAnswer, how: string, extra?: Record<string, string>) =>
  new Response(a.body.byteLength ? (a.body as Uint8Array<ArrayBuffer>) : null, {
    status: a.status,
    headers: { ...a.headers, 'x-zonekeeper-shared': how, ...extra },
  })

/**
 * Reads of the live API shared between the people of one instance: the same read asked while it is
 * on its way is sent once (coalesced), and account-wide lists (isAccountWide) are kept briefly.
 * Only successful answers are kept (a 404 is asked again), only read-whole ones, and a write that
 * changes zones drops what it changes (and anything read before it was done). While the budget is
 * low or spent (ReadMode), a kept answer past its time is served stale (`x-zonekeeper-shared: stale`,
 * `Age: <seconds>`) instead of a refusal, and refreshed once when the budget allows. This layer sits
 * below the practice switch, so only live requests ever reach it.
 */
export function sharedReads({ ttlMs = 15_000, maxEntries = 1000, maxStaleMs = 600_000, refreshLease, now = Date.now }: SharedReadsOptions = {}) {
  const cache = new Map<string, Entry>()
  const inFlight = new Map<string, { generation: number; answer: Promise<WholeAnswer | undefined> }>()
  // Refreshes asking the store for their lease: saves this instance's readers a round trip each (the store decides).
  const claiming = new Set<string>()
  // Bumped by every write that changes zones: reads started before it are not kept or joined.
  let generation = 0
  const stats = { hits: 0, coalesced: 0, sent: 0, stale: 0, refreshed: 0, refreshedElsewhere: 0 }

  const keep = (key: string, answer: WholeAnswer) => {
    cache.delete(key)
    while (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
    cache.set(key, { key, at: now(), answer, hits: 0 })
  }

  /** Most recently used last: eviction takes the oldest first. */
  const touch = (e: Entry) => {
    cache.delete(e.key)
    cache.set(e.key, e)
  }

  /** Sends a read once for everyone asking it at the same moment; keeps a successful account-wide answer. */
  async function fetchShared(key: string, req: ForwardRequest, send: (req: ForwardRequest) => Promise<Response>, wide: boolean) {
    const pending = inFlight.get(key)
    if (pending && pending.generation === generation) {
      const answer = await pending.answer
      if (answer) {
        stats.coalesced++
        return toResponse(answer, 'coalesced')
      }
    }
    const started = generation
    let settle!: (a: WholeAnswer | undefined) => void
    const mine = { generation: started, answer: new Promise<WholeAnswer | undefined>((r) => (settle = r)) }
    inFlight.set(key, mine)
    stats.sent++
    let res: Response
    try {
      res = await send(req)
    } catch (err) {
      settle(undefined)
      throw err
    } finally {
      if (inFlight.get(key) === mine) inFlight.delete(key)
    }
    const whole = wholeAnswers.get(res)
    settle(whole)
    if (wide && ttlMs > 0 && whole && res.status === 200 && started === generation) keep(key, whole)
    return res
  }

  /**
   * Refreshes a stale kept answer in the background, once for the deployment: the instance the
   * store gives the lease to sends it; the others keep serving theirs stale meanwhile. A store that
   * cannot answer refreshes nothing (the budget is low: the next stale read asks again).
   */
  const refresh = (key: string, req: ForwardRequest, send: (req: ForwardRequest) => Promise<Response>) => {
    claiming.add(key)
    void (async () => {
      try {
        if (refreshLease && !(await refreshLease.claim(key).catch(() => false))) {
          stats.refreshedElsewhere++
          return
        }
        stats.refreshed++
        let failed = false
        try {
          const res = await fetchShared(key, req, send, true)
          void res.body?.cancel().catch(() => {})
          failed = res.status >= 500
        } catch {
          failed = true
        }
        // A refresh that failed gives its lease back: another instance may try at once.
        if (failed && refreshLease) await refreshLease.release(key).catch(() => {})
      } finally {
        claiming.delete(key)
      }
    })()
  }

  return {
    async read(req: ForwardRequest, send: (req: ForwardRequest) => Promise<Response>, mode: ReadMode = {}): Promise<Response> {
      // Kept per credential: one account's answer is never another credential's.
      const key = `${req.via ?? ''}\u0000${req.accept ?? ''} ${req.pathAndQuery}`
      const wide = isAccountWide(req.pathAndQuery)
      if (wide) {
        const hit = cache.get(key)
        const age = hit ? now() - hit.at : 0
        if (hit && age < ttlMs) {
          hit.hits++
          stats.hits++
          touch(hit)
          return toResponse(hit.answer, 'cached')
        }
        // Past its time: kept for a stale answer while the budget is low or spent, until maxStaleMs.
        if (hit && age < maxStaleMs && (mode.low || mode.refuse)) {
          hit.hits++
          stats.stale++
          touch(hit)
          // Refreshed once, in the background: a refresh already on its way (here, or on another
          // instance holding the store's lease) is not sent again.
          if (!mode.refuse && !inFlight.has(key) && !claiming.has(key)) refresh(key, req, send)
          return toResponse(hit.answer, 'stale', { [STALE_AGE_HEADER]: String(Math.floor(age / 1000)) })
        }
        if (hit && age >= maxStaleMs) cache.delete(key)
      }
      if (mode.refuse) return mode.refuse()
      return fetchShared(key, req, send, wide)
    },
    /** After a successful write: drops the zone list and the zone it names when it changes zones. */
    wrote(pathAndQuery: string) {
      const path = pathAndQuery.split('?')[0]
      const zone = /^\/zones(?:\/([0-9a-f]{32}))?$/.exec(path)
      if (!zone) return
      generation++
      for (const key of [...cache.keys()]) {
        const p = key.slice(key.indexOf(' ') + 1)
        if (ZONE_LIST.test(p) || (zone[1] && p.startsWith(`/zones/${zone[1]}`))) cache.delete(key)
      }
    },
    /** What is kept now, for the administrators' panel. */
    entries() {
      const t = now()
      return [...cache.values()]
        .filter((e) => t - e.at < maxStaleMs)
        .map((e) => ({ path: e.key.slice(e.key.indexOf(' ') + 1), ageMs: t - e.at, stale: t - e.at >= ttlMs, hits: e.hits, bytes: e.answer.body.byteLength }))
    },
    stats: () => ({ ...stats, entries: cache.size, inFlight: inFlight.size, ttlMs, maxStaleMs }),
  }
}
