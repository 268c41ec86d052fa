import type { ForwardRequest } from '../upstream'

/** An answer read whole (never a streamed one), as the upstream module hands it over. */
export interface WholeAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

/**
 * Answers the upstream module read whole (up to 64 KiB), by the Response it made of them: reads can
 * be shared only when their bytes are known (a streamed answer goes to its one reader).
 */
export const wholeAnswers = new WeakMap<Response, WholeAnswer>()

const ZONE_LIST = /^\/zones(\?|$)/
const ZONE = /^\/zones\/([0-9a-f]{32})(\?|$)/

/** Account-wide lists worth keeping a moment: the zone list (any filter or page) and one zone (its id → name). */
export const isAccountWide = (pathAndQuery: string) => ZONE_LIST.test(pathAndQuery) || ZONE.test(pathAndQuery)

export interface SharedReadsOptions {
  /** How long an account-wide answer is kept. Default 15 s. */
  ttlMs?: number
  /** Entries kept at most; past it the least recently used one goes (one at a time). Default 1,000. */
  maxEntries?: number
  now?: () => number
}

interface Entry {
  key: string
  at: number
  answer: WholeAnswer
  hits: number
}

const toResponse = (a: WholeAnswer, how: string) =>
  new Response(a.body.byteLength ? (a.body as Uint8Array<ArrayBuffer>) : null, {
    status: a.status,
    headers: { ...a.headers, 'x-zonekeeper-shared': how },
  })

/**
 * Reads of the live API shared between the people of one instance: the same read asked while it is
 * on its way is sent once (coalesced), and account-wide lists (isAccountWide) are kept briefly.
 * Only successful answers are kept (a 404 is asked again), only read-whole ones, and a write that
 * changes zones drops what it changes (and anything read before it was done). This layer sits below
 * the practice switch, so only live requests ever reach it.
 */
export function sharedReads({ ttlMs = 15_000, maxEntries = 1000, now = Date.now }: SharedReadsOptions = {}) {
  const cache = new Map<string, Entry>()
  const inFlight = new Map<string, { generation: number; answer: Promise<WholeAnswer | undefined> }>()
  // Bumped by every write that changes zones: reads started before it are not kept or joined.
  let generation = 0
  const stats = { hits: 0, coalesced: 0, sent: 0 }

  const keep = (key: string, answer: WholeAnswer) => {
    cache.delete(key)
    while (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
    cache.set(key, { key, at: now(), answer, hits: 0 })
  }

  return {
    async read(req: ForwardRequest, send: (req: ForwardRequest) => Promise<Response>): Promise<Response> {
      const key = `${req.accept ?? ''} ${req.pathAndQuery}`
      const wide = isAccountWide(req.pathAndQuery)
      if (wide) {
        const hit = cache.get(key)
        if (hit && now() - hit.at < ttlMs) {
          hit.hits++
          stats.hits++
          // Most recently used last: eviction takes the oldest first.
          cache.delete(key)
          cache.set(key, hit)
          return toResponse(hit.answer, 'cached')
        }
        if (hit) cache.delete(key)
      }
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
        .filter((e) => t - e.at < ttlMs)
        .map((e) => ({ path: e.key.slice(e.key.indexOf(' ') + 1), ageMs: t - e.at, hits: e.hits, bytes: e.answer.body.byteLength }))
    },
    stats: () => ({ ...stats, entries: cache.size, inFlight: inFlight.size, ttlMs }),
  }
}
