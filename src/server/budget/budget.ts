import type { IncomingHttpHeaders } from 'node:http'
import type { BudgetFigure } from '../store'

/** Where the budget is shared: the store's `budget` part (or any backend with the same two calls). */
export interface BudgetBackend {
  get(): Promise<BudgetFigure | undefined>
  put(f: BudgetFigure): Promise<void>
}

export type WorkKind = 'interactive' | 'long'

export interface BudgetOptions {
  backend: BudgetBackend
  now?: () => number
  /** How often the figure is written (when it changed) and read back from the store. Default 1 s. */
  syncMs?: number
  /** A change of at least this many requests is written at once, not at the next sync. Default 20. */
  writeStep?: number
  /** Log line for a failed sync (the store is down: each instance keeps its own figure meanwhile). */
  log?: (line: string) => void
}

export interface Admission {
  ok: boolean
  /** ok: wait this long first (long work paces itself as the budget runs low). */
  delayMs: number
  /** Not ok: seconds until the budget allows it. */
  retryAfter: number
}

/** Long work may not spend the last tenth of the quota: interactive reads keep it. */
export const longReserve = (quota: number) => Math.max(5, Math.round(quota * 0.1))
/** Nobody spends the last 2 % (calls of the service's own dashboard and other clients of the token, in flight). */
export const floorReserve = (quota: number) => Math.max(1, Math.round(quota * 0.02))
/**
 * People other than administrators may not spend the last 5 % either: however many people read at
 * once, an administrator can still open the dashboard (and see who spends the budget) until the floor.
 */
export const adminReserve = (quota: number) => Math.max(floorReserve(quota) + 1, Math.round(quota * 0.05))
/** The longest pause long work takes between two calls while the budget is low. */
export const MAX_PACE_MS = 2_000

/**
 * The longest wait any answer can impose (seconds): the service's window. A refusal or a reset
 * further off than the policy's window (or than this, whatever the policy says) is not believed: one
 * forged or broken answer must not pause the whole deployment for a day.
 */
export const MAX_WAIT_S = 300
const maxWaitMs = (windowSeconds: number) => Math.min(windowSeconds, MAX_WAIT_S) * 1000

/** A figure whose waits reach no further than its window from when it was seen (also one a store kept from before). */
export function clampFigure(f: BudgetFigure): BudgetFigure {
  const latest = f.observedAt + maxWaitMs(f.windowSeconds)
  return { ...f, resetAt: Math.min(f.resetAt, latest), blockedUntil: Math.min(f.blockedUntil, latest) }
}

const RATELIMIT = /(?:^|[;,\s])r=(\d+)/
const RESET = /(?:^|[;,\s])t=(\d+)/
const QUOTA = /(?:^|[;,\s])q=(\d+)/
const WINDOW = /(?:^|[;,\s])w=(\d+)/
const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * The API's rate budget as this deployment sees it. The service says on every answer how many
 * requests are left and when its window resets (`Ratelimit: "default";r=…;t=…`, `Ratelimit-Policy:
 * …;q=…;w=…`), and on a 429 how long it refuses everything (`retry-after`). Every instance reads
 * these on every answer (`observe`, cheap: a few regular expressions), keeps the newest figure, and
 * shares it through the store: written when it moved by `writeStep` or at the next sync (never once
 * per request), read back every `syncMs`, and the store keeps whichever figure is newest.
 * Between two answers, this instance's own calls in flight are taken off the figure.
 */
export function createBudget({ backend, now = Date.now, syncMs = 1000, writeStep = 20, log }: BudgetOptions) {
  let figure: BudgetFigure | undefined
  let inFlight = 0
  let written: BudgetFigure | undefined
  let writing: Promise<void> | undefined
  let dirty = false

  const write = () => {
    if (writing || !figure) {
      dirty = true
      return
    }
    const f = figure
    dirty = false
    written = f
    writing = backend
      .put(f)
      .catch((err: unknown) => {
        dirty = true
        log?.(`rate budget: could not share the figure (${err instanceof Error ? err.message : String(err)})`)
      })
      .finally(() => {
        writing = undefined
      })
  }

  /** The last figure (less the calls in flight) leaves no more than the floor, in its window. */
  const spentAsFarAsKnown = (f: BudgetFigure, t: number) => t < f.resetAt && f.remaining - inFlight <= floorReserve(f.quota)

  /** Reads the service's figure off one answer (status and headers as undici hands them over). */
  function observe(status: number, headers: IncomingHttpHeaders) {
    const limit = header(headers, 'ratelimit')
    if (limit === undefined && status !== 429) return
    const t = now()
    const r = limit ? RATELIMIT.exec(limit) : null
    const reset = limit ? RESET.exec(limit) : null
    const policy = header(headers, 'ratelimit-policy')
    const q = policy ? QUOTA.exec(policy) : null
    const w = policy ? WINDOW.exec(policy) : null
    const retry = Number(header(headers, 'retry-after'))
    const prev = figure
    // The account is refused only when the service says so: a 429 whose `Ratelimit` says nothing is
    // left. A 429 with budget left, or without the header (an endpoint's own limit, such as a zone's
    // imports a minute, code 971), concerns that endpoint alone and must not pause the deployment;
    // without the header it counts as the account's only when the last figure was already spent.
    const refusedAll = status === 429 && (r ? Number(r[1]) === 0 : prev !== undefined && spentAsFarAsKnown(prev, t))
    if (status === 429 && !refusedAll) return
    const quota = q ? Number(q[1]) : (prev?.quota ?? 1200)
    const windowSeconds = w ? Number(w[1]) : (prev?.windowSeconds ?? 300)
    const resetSeconds = reset ? Number(reset[1]) : status === 429 && retry > 0 ? retry : windowSeconds
    // An answer with budget left says the service serves again: a refusal seen before is over.
    const served = status !== 429 && r !== null && Number(r[1]) > 0
    const next = clampFigure({
      quota,
      windowSeconds,
      remaining: refusedAll ? 0 : r ? Number(r[1]) : (prev?.remaining ?? quota),
      resetAt: t + resetSeconds * 1000,
      observedAt: t,
      blockedUntil: refusedAll ? t + (retry > 0 ? retry : resetSeconds) * 1000 : !served && prev && prev.blockedUntil > t ? prev.blockedUntil : 0,
    })
    figure = next
    if (refusedAll || !written || Math.abs(written.remaining - next.remaining) >= writeStep || written.resetAt < t) write()
    else dirty = true
  }

  /** The figure now: the remaining requests less this instance's calls in flight; a past window counts as full. */
  function state() {
    const t = now()
    if (!figure) return undefined
    const f = figure
    const fresh = t >= f.resetAt
    return {
      quota: f.quota,
      windowSeconds: f.windowSeconds,
      remaining: Math.max(0, (fresh ? f.quota : f.remaining) - inFlight),
      resetInMs: fresh ? f.windowSeconds * 1000 : f.resetAt - t,
      blockedForMs: Math.max(0, f.blockedUntil - t),
      observedAt: f.observedAt,
      inFlight,
    }
  }

  /**
   * May a request of this kind go upstream now? Interactive reads may spend down to the floor; long
   * work only down to its reserve, pausing between calls once half the quota is gone (the rest of
   * the window spread over what it may still spend), and neither while the service refuses.
   * `cost`: the calls the request is expected to make (long work is admitted only with room for it).
   * `admin`: an administrator's read may spend the reserve kept for administrators (the default:
   * the dashboard's own reads, which no person makes, are not held back either).
   */
  function admit(kind: WorkKind, cost = 1, admin = true): Admission {
    const s = state()
    if (!s) return { ok: true, delayMs: 0, retryAfter: 0 }
    if (s.blockedForMs > 0) return { ok: false, delayMs: 0, retryAfter: Math.ceil(s.blockedForMs / 1000) }
    const spare = s.remaining - (kind === 'long' ? longReserve(s.quota) : admin ? floorReserve(s.quota) : adminReserve(s.quota))
    if (spare < cost) return { ok: false, delayMs: 0, retryAfter: Math.max(1, Math.ceil(s.resetInMs / 1000)) }
    const delayMs = kind === 'long' && s.remaining < s.quota / 2 ? Math.min(MAX_PACE_MS, Math.round(s.resetInMs / spare)) : 0
    return { ok: true, delayMs, retryAfter: 0 }
  }

  async function sync() {
    if (dirty) write()
    await writing
    try {
      const got = await backend.get()
      // Clamped again when read: a row an older version wrote may hold a wait of a day.
      const shared = got && clampFigure(got)
      // The newest figure wins whole, its refusal or its lifting of one (a later answer with budget left).
      if (shared && (!figure || shared.observedAt > figure.observedAt)) figure = shared
    } catch (err) {
      log?.(`rate budget: could not read the shared figure (${err instanceof Error ? err.message : String(err)})`)
    }
  }

  let timer: NodeJS.Timeout | undefined
  return {
    observe,
    state,
    admit,
    /** One call leaves / comes back (its answer's figure, if any, is observed first). */
    sent: () => void inFlight++,
    settled: () => void (inFlight = Math.max(0, inFlight - 1)),
    /** Writes what changed and adopts a newer figure from another instance. */
    sync,
    start() {
      timer ??= setInterval(() => void sync(), syncMs)
      timer.unref()
      void sync()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      if (dirty) write()
      await writing
    },
  }
}
