import { createHash, randomUUID } from 'node:crypto'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { maybeActor } from '../auth/actor'
import type { Endpoint } from '../endpoints'
import { jsonError, jsonOk, PROXY_CODES } from '../http/envelope'
import { headerOf } from '../http/guard'
import { requestAccount } from '../http/request-account'
import type { Store } from '../store'
import type { Forward, ForwardRequest, Send } from '../upstream'
import type { IncomingHttpHeaders } from 'node:http'
import { adminReserve, createBudget, floorReserve, longReserve, type WorkKind } from './budget'
import { isAccountWide, sharedReads } from './shared-reads'
import { createShares, type ShareAdmission } from './shares'
import { createUsage } from './usage'

/** Sent by the dashboard's long work (bulk changes, imports, the load-balancing migration). */
export const WORK_HEADER = 'x-zonekeeper-work'
/** An interactive read waits this long at most for the budget (then gets a clear message). */
export const BRIEF_WAIT_S = 3
/**
 * Calls one long request may make (a DNS batch: the audit reads the zone's records in pages of
 * 1,000, its export, the batch itself): long work is admitted only with room for that many.
 */
export const LONG_REQUEST_COST = 15

const LONG_PATHS = /\/dns_records\/(batch|import)$/

/**
 * Long work: what the dashboard marks as such, DNS batches and imports; everything else is a person's
 * read or write. `path`: the call's own, when it is made within another request (a change request's
 * apply sends its DNS batch from a dashboard route); default the request's.
 */
export function workKind(c: Context, path = c.req.path): WorkKind {
  // Read off Node's own request (headerOf): Hono's c.req.header would build a Headers object of every header first.
  if (headerOf(c, WORK_HEADER)) return 'long'
  return LONG_PATHS.test(path) ? 'long' : 'interactive'
}

/**
 * The store key of the environment credential's budget (API_TOKEN, or API_EMAIL + API_KEY). It is
 * the key the deployment's one budget was kept under, so the figure stored before budgets were per
 * credential is the environment credential's, with no migration.
 */
export const ENV_BUDGET_KEY = 'api'
/** The store key of a stored credential's budget: its vault id, never anything of its secret. */
export const budgetKey = (via: string | undefined) => (via ? `credential:${via}` : ENV_BUDGET_KEY)

/** How the budget route names the environment's credential (the accounts list's own id and label). */
const ENVIRONMENT_ID = 'environment'
const ENVIRONMENT_NAME = 'From the environment'

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} minute${s === 60 ? '' : 's'}` : `${s} seconds`)

export interface BudgetSetup {
  store: Store
  /** The allowlist lookup, for the area a call belongs to. */
  match: (method: string, path: string) => Endpoint | undefined
  now?: () => number
  syncMs?: number
  /** How long account-wide lists are kept (default 15 s). */
  cacheTtlMs?: number
  /** How often the calls per minute are added to the store (default 5 s). */
  usageFlushMs?: number
  /** How long the instance refreshing a stale kept answer holds the store's lease (default 10 s). */
  refreshLeaseMs?: number
  /** API_PERSON_SHARE: the most of the quota one person may spend in a window, in percent (default 50). */
  personSharePercent?: number
  log?: (line: string) => void
}

/**
 * The API rate budget, one per credential (keyed by its id); see budget/README.md.
 * - `observe` reads the service's figure off every upstream answer (upstream.ts calls it);
 * - `forward(send)` is the live forward: counts each call by area and person, shares reads
 *   (coalesced; account-wide lists kept briefly), paces long work, and turns the service's own
 *   refusal into a clear message;
 * - `gate` (right after sign-in and the practice switch) admits a live request or answers why not;
 * - `admitWrite` admits a live write made within another request (an apply, an undo) by the same rule;
 * - `routes` adds the administrators' panel data, `/api/local/budget`.
 */
export function setUpBudget({ store, match, now = Date.now, syncMs = 1000, cacheTtlMs, usageFlushMs, refreshLeaseMs = 10_000, personSharePercent, log }: BudgetSetup) {
  // One budget per credential: the service counts each credential's 1,200 / 5 min on its own, so a
  // stored credential's calls (and its 429s) never spend or pause the environment credential's.
  type Entry = { budget: ReturnType<typeof createBudget>; loaded: Promise<void>; ready: boolean }
  const budgets = new Map<string, Entry>()
  let started = false
  const entryOf = (key: string): Entry => {
    let e = budgets.get(key)
    if (!e) {
      const b = createBudget({ backend: { get: () => store.budget.get(key), put: (f) => store.budget.put(f, key) }, now, syncMs, log })
      const entry: Entry = { budget: b, loaded: Promise.resolve(), ready: false }
      // Another instance may have seen this credential refused: its figure is read before the first admission.
      entry.loaded = b.sync().finally(() => void (entry.ready = true))
      if (started) b.start()
      budgets.set(key, (e = entry))
    }
    return e
  }
  const budgetOf = (via: string | undefined) => entryOf(budgetKey(via)).budget
  /** The environment credential's: the dashboard's own background work (search, attention) spends it. */
  const budget = budgetOf(undefined)
  const shares = createShares({ backend: store.budget, now, percent: personSharePercent, log })
  // Before the first answer the service's policy is not known: its documented one.
  const policy = () => {
    const s = budget.state()
    return { quota: s?.quota ?? 1200, windowSeconds: s?.windowSeconds ?? 300 }
  }
  const usage = createUsage({ backend: store.budget, now, flushMs: usageFlushMs })
  // A stale kept answer is refreshed by one instance of the deployment: the one the store leases it to.
  const instance = randomUUID()
  const leaseKey = (key: string) => createHash('sha256').update(key).digest('hex')
  const shared = sharedReads({
    ttlMs: cacheTtlMs,
    now,
    refreshLease: {
      claim: (key) => store.budget.claimRefresh(leaseKey(key), instance, refreshLeaseMs),
      release: (key) => store.budget.releaseRefresh(leaseKey(key), instance),
    },
  })
  const refusedToPeople = { interactive: 0, long: 0 }

  const refusal = (kind: WorkKind, retryAfter: number, admin = true, via?: string) => {
    const s = budgetOf(via).state()
    const quota = s?.quota ?? 0
    const window = s?.windowSeconds ?? 0
    refusedToPeople[kind]++
    const message =
      kind === 'long'
        ? `Waiting for the API's rate limit: the account's budget is nearly spent (${s?.remaining ?? 0} of ${quota} requests left in this window, the last ${longReserve(quota)} kept for people's page reads). Long work resumes in ${retryAfter} s.`
        : `The API's rate limit is nearly reached: the service allows ${quota} requests per ${minutes(window)} for everyone using this dashboard together, and ${s?.blockedForMs ? 'refuses every call until its window ends' : admin ? 'few are left' : `few are left (the last ${adminReserve(quota)} are kept for administrators)`}. Try again in ${retryAfter} s.`
    return jsonError(429, PROXY_CODES.rateBudget, message, { 'retry-after': String(retryAfter) })
  }

  /** A person past their share of the window: the same wait as a spent budget, saying whose share it is. */
  const shareRefusal = (kind: WorkKind, username: string, share: ShareAdmission) => {
    const { quota, windowSeconds } = policy()
    refusedToPeople[kind]++
    const message =
      `${kind === 'long' ? "Waiting for the API's rate limit: y" : 'Y'}our share of the team's API budget is spent: one person may make ` +
      `${share.limit} of the ${quota} requests the service allows per ${minutes(windowSeconds)} (${shares.percent} %), and ${username} has made ${share.used}. ` +
      `It frees up in ${share.retryAfter} s.`
    return jsonError(429, PROXY_CODES.rateBudget, message, { 'retry-after': String(share.retryAfter) })
  }

  /**
   * A page read the budget (or the person's share) cannot pay for now, let through to be answered
   * from what is kept, or refused there with this (given the read to send if a brief wait allows it).
   */
  const staleOnly = new WeakMap<Context, (retry: () => Promise<Response>) => Promise<Response>>()
  /**
   * Account-wide reads a person may be answered stale: the zone list (a person with a list of zones
   * gets theirs from kept lookups), and one zone for people with every zone (a person with a list of
   * zones must have the zone's name to be let in, so that read is refused plainly instead).
   */
  const mayBeStale = (c: Context) => {
    if (c.req.method !== 'GET') return false
    const path = c.req.path.slice('/api/v4'.length)
    if (!isAccountWide(path)) return false
    return path === '/zones' || (maybeActor(c)?.person.zones ?? '*') === '*'
  }
  /** The budget is low: interactive reads are spending the reserve long work may not touch. */
  const low = (via: string | undefined) => {
    const s = budgetOf(via).state()
    return s !== undefined && (s.blockedForMs > 0 || s.remaining < longReserve(s.quota))
  }

  /** Why a request may not spend the budget now: its person's share is spent, or the budget (with its retry-after). */
  type Refused = { share: ShareAdmission; username: string } | { retryAfter: number; admin: boolean; via?: string }

  /**
   * The one rule of admission, for a request entering the pipeline (the gate) and for a write made
   * within another request (`admitWrite`): the person's share of the window, then the budget. Long
   * work is admitted only with room for all the calls it may make. Undefined: admitted.
   */
  const admission = (c: Context, kind: WorkKind, via: string | undefined): Refused | undefined => {
    const cost = kind === 'long' ? LONG_REQUEST_COST : 1
    const actor = maybeActor(c)
    // No person: the dashboard's own reads, held to the budget alone.
    const admin = !actor || actor.person.role === 'admin'
    // The local administrator (nobody defined) is the only person there is: nobody to share with.
    const person = actor?.kind === 'person' ? actor.person : undefined
    if (person) {
      const { quota, windowSeconds } = policy()
      const share = shares.admit(person.username, cost, quota, windowSeconds)
      if (!share.ok) return { share, username: person.username }
    }
    // Against the budget of the credential the request goes out through.
    const first = budgetOf(via).admit(kind, cost, admin)
    return first.ok ? undefined : { retryAfter: first.retryAfter, admin, via }
  }

  /**
   * What a refused request is answered: a spent share at once; a spent budget, for a person's read or
   * write, after a short wait when the window ends that soon (undefined: admitted after all), and for
   * long work at once, with its retry-after.
   */
  const refused = async (no: Refused, kind: WorkKind): Promise<Response | undefined> => {
    if ('share' in no) return shareRefusal(kind, no.username, no.share)
    if (kind === 'interactive' && no.retryAfter <= BRIEF_WAIT_S) {
      await sleep(no.retryAfter * 1000)
      const again = budgetOf(no.via).admit(kind, 1, no.admin)
      return again.ok ? undefined : refusal(kind, again.retryAfter, no.admin, no.via)
    }
    return refusal(kind, no.retryAfter, no.admin, no.via)
  }

  /** Refuses a page read plainly, after a short wait when the window ends that soon. */
  const refuseRead = async (retryAfter: number, admin: boolean, via: string | undefined, send: () => Promise<Response>) =>
    (await refused({ retryAfter, admin, via }, 'interactive')) ?? send()

  /** The requests the gate admits as they enter: live ones at the API door (practice never spends the budget). */
  const gated = (c: Context) => c.get('zkPractice') === undefined && c.req.path.startsWith('/api/v4/')

  /** Admits a live request entering the pipeline against the budget of the credential it goes out through (`via`). */
  const admitAt = (c: Context, next: () => Promise<void>, via: string | undefined): Promise<Response | void> => {
    const entry = entryOf(budgetKey(via))
    // A credential this instance has not spent yet: its shared figure first (another instance may have seen it refused).
    if (!entry.ready) return entry.loaded.then(() => admitAt(c, next, via))
    const kind = workKind(c)
    const no = admission(c, kind, via)
    if (!no) return next()
    // Stale-while-revalidate: a kept account-wide answer is better than a wait (forward decides).
    if (kind === 'interactive' && mayBeStale(c)) {
      staleOnly.set(c, 'share' in no ? () => Promise.resolve(shareRefusal(kind, no.username, no.share)) : (retry) => refuseRead(no.retryAfter, no.admin, via, retry))
      return next()
    }
    return (async () => {
      const res = await refused(no, kind)
      if (res) return res
      await next()
    })()
  }

  /** Requests naming an account, admitted once the account step has chosen their credential (`viaGate`). */
  const deferred = new WeakSet<Context>()
  const gate: MiddlewareHandler = (c, next) => {
    if (!gated(c)) return next()
    // The credential is not known yet: the account step (after roles) decides it, and `viaGate` admits.
    if (requestAccount(c).account) {
      deferred.add(c)
      return next()
    }
    return admitAt(c, next, undefined)
  }
  /** Right after the API door's account step: admits a request naming an account against its credential's budget. */
  const viaGate: MiddlewareHandler = (c, next) => {
    if (!deferred.has(c)) return next()
    deferred.delete(c)
    return admitAt(c, next, c.get('zkVia')?.stored)
  }

  /**
   * A live write's admission, at its command's send step (write/command.ts): the gate's rule, for the
   * writes a change request's apply or an undo makes within a dashboard request, which the gate does
   * not admit. A write through the API door was admitted by the gate as its request entered: not twice.
   * `path`: the write's own (a DNS batch is long work wherever it is sent from). Undefined: admitted.
   */
  const admitWrite = async (c: Context, path: string): Promise<Response | undefined> => {
    if (gated(c)) return undefined
    const kind = workKind(c, path)
    const via = c.get('zkVia')?.stored
    await entryOf(budgetKey(via)).loaded
    const no = admission(c, kind, via)
    return no && refused(no, kind)
  }

  // The door's own request carries the pipeline's match; the reads others send on its behalf are matched here.
  const areaOf = (req: ForwardRequest) => {
    if (req.matched) return req.matched.endpoint.area ?? 'other'
    const q = req.pathAndQuery.indexOf('?')
    return match(req.method, q < 0 ? req.pathAndQuery : req.pathAndQuery.slice(0, q))?.area ?? 'other'
  }

  const forward = (send: Send): Forward => {
    const call = async (req: ForwardRequest, c: Context) => {
      const username = maybeActor(c)?.person.username ?? ''
      usage.count(areaOf(req), username)
      if (username) shares.count(username, policy().windowSeconds)
      const own = budgetOf(req.via)
      own.sent()
      let res: Response
      try {
        res = await send(req)
      } finally {
        own.settled()
      }
      // The service refuses everything for the rest of its window: a clear message, never a bare 429.
      if (res.status === 429 && (own.state()?.blockedForMs ?? 0) > 0) {
        void res.body?.cancel().catch(() => {})
        return refusal(workKind(c), Math.ceil((own.state()?.blockedForMs ?? 1000) / 1000), true, req.via)
      }
      return res
    }
    return async (req, c) => {
      // Long work slows down as the budget runs low, and an admitted request that finds the budget
      // spent after all (other instances spent it meanwhile) waits out the window in-process.
      if (workKind(c) === 'long') {
        const pace = budgetOf(req.via).admit('long')
        if (!pace.ok) await sleep(pace.retryAfter * 1000)
        else if (pace.delayMs) await sleep(pace.delayMs)
      }
      if (req.method === 'GET') {
        const refuse = staleOnly.get(c)
        // Let through by the gate with no budget: kept answers only, else the plain refusal.
        if (refuse !== undefined) {
          const send = (r: ForwardRequest) => call(r, c)
          return shared.read(req, send, { refuse: () => refuse(() => shared.read(req, send)) })
        }
        // (Handed over as it is, not as a named constant: that costs each read a closure's name on top.)
        return shared.read(req, (r) => call(r, c), { low: workKind(c) === 'interactive' && low(req.via) })
      }
      const res = await call(req, c)
      if (res.status < 400) shared.wrote(req.pathAndQuery)
      return res
    }
  }

  const routes = (app: Hono) => {
    // Administrators only (an /api/local route without its own role entry needs admin: auth/access.ts).
    app.get('/api/local/budget', async () => {
      const t = now()
      const hourAgo = t - 60 * 60_000
      const rows = await usage.since(hourAgo)
      const sum = (by: (r: (typeof rows)[number]) => string) => {
        const out = new Map<string, Map<number, number>>()
        for (const r of rows) {
          const k = by(r)
          const m = out.get(k) ?? new Map<number, number>()
          m.set(r.minute, (m.get(r.minute) ?? 0) + r.calls)
          out.set(k, m)
        }
        return [...out].map(([name, perMinute]) => ({
          name,
          total: [...perMinute.values()].reduce((a, b) => a + b, 0),
          perMinute: [...perMinute].sort((a, b) => a[0] - b[0]).map(([minute, calls]) => ({ minute, calls })),
        })).sort((a, b) => b.total - a.total)
      }
      const figure = (s: ReturnType<typeof budget.state>) =>
        s
          ? {
              quota: s.quota,
              windowSeconds: s.windowSeconds,
              remaining: s.remaining,
              resetInSeconds: Math.ceil(s.resetInMs / 1000),
              blockedForSeconds: Math.ceil(s.blockedForMs / 1000),
              reservedForPages: longReserve(s.quota),
              floor: floorReserve(s.quota),
              reservedForAdmins: adminReserve(s.quota),
              observedAt: s.observedAt,
            }
          : null
      // Every credential's own budget, by its name (a stored one's id is its key: never its secret).
      const stored = await store.credentials.list()
      await Promise.all(stored.map((cr) => entryOf(budgetKey(cr.id)).loaded))
      const credentials = [
        { id: ENVIRONMENT_ID, name: ENVIRONMENT_NAME, budget: figure(budget.state()) },
        ...stored.map((cr) => ({ id: cr.id, name: cr.label, budget: figure(budgetOf(cr.id).state()) })),
      ]
      return jsonOk({
        live: true,
        now: t,
        /** The environment credential's (the deployment's own), as before. */
        budget: figure(budget.state()),
        credentials,
        byArea: sum((r) => r.area),
        byPerson: sum((r) => r.person || '(the dashboard itself)'),
        shares: (() => {
          const { quota, windowSeconds } = policy()
          return { percent: shares.percent, limit: shares.limit(quota), windowSeconds, people: shares.current() }
        })(),
        cache: { ...shared.stats(), entries: shared.entries() },
        refused: { ...refusedToPeople },
      })
    })
  }

  let sharesTimer: NodeJS.Timeout | undefined
  return {
    observe: budget.observe,
    /** What reads a stored credential's answers (its upstream's `onAnswer`): that credential's budget. */
    observeVia: (via: string) => (status: number, headers: IncomingHttpHeaders) => budgetOf(via).observe(status, headers),
    viaGate,
    state: budget.state,
    admit: budget.admit,
    /** A credential's own budget's admission (undefined: the environment's), for background work through that credential. */
    admitVia: (via: string | undefined, kind: WorkKind) => budgetOf(via).admit(kind),
    gate,
    admitWrite,
    forward,
    routes,
    shared,
    start() {
      started = true
      for (const e of budgets.values()) e.budget.start()
      usage.start()
      sharesTimer ??= setInterval(() => void shares.sync(), syncMs)
      sharesTimer.unref()
    },
    async stop() {
      if (sharesTimer) clearInterval(sharesTimer)
      sharesTimer = undefined
      started = false
      await Promise.all([...[...budgets.values()].map((e) => e.budget.stop()), usage.stop(), shares.sync()])
    },
    /** Writes what is pending (tests; shutdown). */
    async flush() {
      await Promise.all([...budgets.values()].map((e) => e.budget.sync()))
      await usage.flush()
      await shares.sync()
    },
  }
}
