import { randomUUID } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { credentialSecrets, type ServerConfig } from './config'
import type { Emulator } from './emulator'
import { SEED_ZONES } from './emulator/seed-ids'
import { endpoints as allEndpoints, createMatcher, isSafePath, withoutTrailingSlash, type Endpoint } from './endpoints'
import { jsonError, jsonOk, PROXY_CODES } from './http/envelope'
import { guardWrites, hostCheck, rawTarget, splitTarget, WRITE_METHOD_LIST } from './http/guard'
import { registerLocalRoutes } from './local'
import { createAuditSteps } from './audit'
import { maybeActor, registerAuth } from './auth'
import { trustProxies } from './auth/request-info'
import { API_DOOR, registerApiDoor } from './doors/api-door'
import { createRedactor } from './upstream/redact'
import { escapeControls } from './http/log-text'
import { loggablePath, requestLog, type LogLine } from './http/request-log'
import { createRateLimiter } from './emulator/rate-limit'
import { setUpBudget } from './budget'
import { setUpChangeRequests } from './change-requests'
import { CLIENT_DOOR, emulatorForward, registerNoSandbox, registerSandboxDoor } from './doors/sandbox-door'
import { createPracticeSteps } from './practice'
import { registerSpa } from './spa'
import { createStore, type Store } from './store'
import { createUpstream } from './upstream'
import { registerCredentialRoutes } from './credentials/routes'
import { credentialSend } from './credentials/send'
import { accountScope } from './accounts/scope'
import { registerAccounts, viaForward } from './accounts/routes'
import type { Send } from './upstream'
import { emulatorSendWith } from './credentials/verify'
import { createWatch, type Watch, type WatchOptions } from './watch'
import { setUpSearch, type Search, type SearchSetup } from './search'
import { readerSources } from './search/sources'
import { AppRouter } from './http/router'
import { createWriter } from './write/command'
import { registerWatchRoutes } from './watch/routes'
import { registerAttentionRoutes } from './attention/routes'

export interface AppOptions {
  config: ServerConfig
  /** Present in sandbox mode. */
  emulator?: Emulator
  /** Built SPA to serve; omitted in unit tests. */
  staticDir?: string
  /** The allowlist; defaults to every endpoint of src/server/endpoints (tests pass their own). */
  endpoints?: Endpoint[]
  /** Where the one-line-per-request log goes; omitted: no log. */
  log?: LogLine
  /** The dashboard's own store (people, sessions, ledger); default: opened from config (DATA_DIR or DATABASE_URL). */
  store?: Store
  /** Script watch settings; the watch is created here and started by its owner (see watchOf). */
  watch?: Omit<WatchOptions, 'store' | 'send'>
  /** Live mode's rate budget: how often it is shared through the store, how long account-wide lists are kept (tests shorten them). */
  /** The DNS record search's background reader (tests shorten its pace). */
  search?: SearchSetup['reader']
  budget?: { syncMs?: number; cacheTtlMs?: number; usageFlushMs?: number; personSharePercent?: number; /** The budget's clock (tests move it instead of waiting). */ now?: () => number; /** The bench's baseline: no budget at all. */ off?: boolean }
  /** Change requests and writes on their way: this instance's name, the lease's length, the filing limit and the approvers' mail grouping (tests shorten them). */
  changeRequests?: { instanceId?: string; leaseMs?: number; filingLimit?: { max: number; windowMs: number }; mailGroupMs?: number }
  /** The Attention page's route: how many zones one request reads from the API (tests lower it). */
  attention?: { zonesPerRequest?: number }
}

const watches = new WeakMap<Hono, Watch>()
const searches = new WeakMap<Hono, Search>()
/** The DNS record search of an app made by createApp: main.ts starts its background reader (and tests do). */
export function searchOf(app: Hono): Search {
  const s = searches.get(app)
  if (!s) throw new Error('searchOf: not an app made by createApp')
  return s
}
/** The script watch of an app made by createApp: main.ts starts it (and tests do), other users leave it idle. */
export function watchOf(app: Hono): Watch {
  const w = watches.get(app)
  if (!w) throw new Error('This app was not made by createApp.')
  return w
}

const MAX_BODY_BYTES = 16 * 1024 * 1024

const preparingZone = (id: string) => ({ id, name: Object.values(SEED_ZONES).find((z) => z.id === id)?.name ?? id })

/** Paths whose raw form is checked for tricks (encoded dots and slashes, backslashes, empty segments). */
const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/client/')

export function createApp({ config, emulator, staticDir, endpoints, log: rawLog, store: given, watch: watchOptions, search: searchOptions, budget: budgetOptions, changeRequests: crOptions, attention: attentionOptions }: AppOptions): Hono {
  if (config.mode === 'sandbox' && !emulator) throw new Error('Sandbox mode needs the emulator.')
  if (config.mode === 'live' && !config.credential) throw new Error('Live mode needs a credential.')
  // Hono's fast router for every request but the dashboard's own routes (see router.ts).
  const app = new Hono({ router: new AppRouter() })
  const redactor = createRedactor(credentialSecrets(config.credential))

  // Every logged value has its control characters escaped: no request can forge a log line.
  const log = rawLog && ((line: string) => rawLog(escapeControls(line)))
  app.onError((err, c) => {
    log?.(
      `error in ${c.req.method} ${loggablePath(rawTarget(c))}: ${redactor.text(err instanceof Error ? `${err.name}: ${err.message}` : 'unknown')}`,
    )
    return jsonError(500, PROXY_CODES.internal, 'Unexpected error in the dashboard server.')
  })
  app.notFound((c) =>
    isApiPath(c.req.path) ? jsonError(404, PROXY_CODES.noRoute, 'No route for that URI') : c.text('Not found', 404),
  )

  // The request pipeline, top to bottom in this function; each step puts what it learned on the
  // context (pipeline.ts) for the next, none works it out again:
  //   guard (host, path tricks) + match the endpoint table once → record (the audit: writes) →
  //   identify (session or token) → practice switch → rate budget → authorise (role, zone scope; an
  //   API write: its command does) → checklist → body limit → read before (the audit: local writes) →
  //   act: the API door or the sandbox door (a read: forward; a write: one write command, src/server/write),
  //   the dashboard's own routes (an apply, an undo: their writes are write commands too, in the same request).
  const store = given ?? createStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, auditKey: config.auditKey, credentialsKey: config.credentialsKey })
  // Practice sandbox: every forward names its request, so it follows the session's mode.
  const practice = createPracticeSteps({ config, store })
  // Behind reverse proxies listed in TRUSTED_PROXIES, the client's address and scheme are the ones they forward.
  if (config.trustedProxies) app.use('*', trustProxies(config.trustedProxies))
  if (log) app.use('*', requestLog(log))
  // API answers carry Cache-Control: no-store, set where the answer is written (serve.ts).
  // The request's own address first: its host (against DNS rebinding), then path tricks.
  const hostRefusal = hostCheck(config.host, config.allowedHosts)
  // The endpoint table is matched here, once: every later step reads the match off the context (zkApi).
  const match = createMatcher(endpoints ?? allEndpoints)
  // Not async: a request that passes goes straight on, without a promise of this step's own.
  app.use('*', (c, next) => {
    const refusal = hostRefusal(c)
    if (refusal) return Promise.resolve(refusal)
    if (!isApiPath(c.req.path)) return next()
    const { path, query } = splitTarget(rawTarget(c))
    if (!isSafePath(path)) {
      return Promise.resolve(jsonError(404, PROXY_CODES.noRoute, 'No route for that URI (the path holds encoded or relative segments).'))
    }
    const door = path.startsWith(API_DOOR + '/') ? API_DOOR : path.startsWith(CLIENT_DOOR + '/') ? CLIENT_DOOR : undefined
    if (door) {
      const below = withoutTrailingSlash(path.slice(door.length))
      c.set('zkApi', { door, path: below, query, endpoint: match(c.req.method.toUpperCase(), below) })
    }
    return next()
  })

  // `preparing`: sandbox zones whose demo data is still being written (see emulator/seed.ts).
  app.get('/healthz', (c) =>
    c.json({ ok: true, mode: config.mode, ...(emulator ? { preparing: emulator.preparing().map(preparingZone) } : {}) }),
  )

  // Live: a rate budget per credential, shared through the store; see src/server/budget.
  const budget = emulator || budgetOptions?.off ? undefined : setUpBudget({ store, match, log, cacheTtlMs: config.apiCacheMs, personSharePercent: config.apiPersonShare, ...budgetOptions })
  budget?.start()
  // Live: the upstream API, except for a practising session, which goes to its person's own emulator.
  const upstream = () =>
    createUpstream({ baseUrl: config.apiBaseUrl, credential: config.credential!, timeoutMs: config.upstreamTimeoutMs, onAnswer: budget?.observe })
  // One live upstream for everything this instance sends: people's requests pass the budget's gate
  // and cache; the script watch (no request of a person) sends directly, its answers still observed.
  const live = emulator ? undefined : upstream()
  // The credential vault's way to send with a credential: live, an upstream of its own; the sandbox, the emulator with its headers.
  // Its answers are not the environment credential's: a stored credential's sends are observed by its own budget (below).
  const sendWith = emulator
    ? emulatorSendWith(emulator)
    : (credential: NonNullable<ServerConfig['credential']>, onAnswer?: ReturnType<NonNullable<typeof budget>['observeVia']>) =>
        createUpstream({ baseUrl: config.apiBaseUrl, credential, timeoutMs: config.upstreamTimeoutMs, onAnswer })
  // Live: a request naming an account a stored credential reaches goes out with that credential
  // (read per call: a replacement on another instance counts at once); the rest with the environment's.
  const storedSends = new Map<string, Send>()
  const liveSend: Send | undefined =
    live &&
    ((req) => {
      if (!req.via) return live(req)
      let send = storedSends.get(req.via)
      if (!send) {
        // Its answers are read into its own budget (the service counts each credential apart).
        const observe = budget?.observeVia(req.via)
        storedSends.set(req.via, (send = credentialSend(store.credentials, req.via, (credential) => sendWith(credential, observe))))
      }
      return send(req)
    })
  const modeForward = practice.forward(emulator ? emulatorForward(emulator) : budget ? budget.forward(liveSend!) : liveSend!)
  // The DNS record index across zones: people's reads of a zone's records and the dashboard's DNS
  // writes keep it fresh; a background reader (the budget's spare share only) fills in the rest.
  const accounts = accountScope({
    vault: store.credentials,
    sendWith,
    environment: live && { credential: config.credential!, send: live },
    sandbox: emulator && { send: emulatorForward(emulator) },
  })
  // Every account is read through the credential that reaches it, from that credential's own budget.
  const sources = readerSources({ accounts, vault: store.credentials, live: liveSend, admitVia: budget?.admitVia, sandbox: emulator && emulatorForward(emulator) })
  const search = setUpSearch({ store, send: emulator ? emulatorForward(emulator) : live!, mode: config.mode, admit: budget?.admit, admitVia: budget?.admitVia, reader: searchOptions, estate: { accounts, sources }, log })
  searches.set(app, search)
  // The account a request names decides the credential of everything sent for it (accounts/routes.ts).
  const forward = viaForward(search.watchReads(modeForward))
  // Audit log: its recorder wraps sign-in, roles and dispatch; see src/server/audit.
  const mode = (c: Context) => (practice.practising(c) ? 'practice' : config.mode)
  const audit = createAuditSteps({ store, forward, match, mode, retentionDays: config.auditRetentionDays, instance: crOptions?.instanceId, leaseMs: crOptions?.leaseMs })
  // Record: writes only (a read does not even pass through it), on both doors; before sign-in, so
  // that it sees every refusal too.
  app.on(WRITE_METHOD_LIST, ['/api/*', '/client/*'], audit.record)
  // Identify, then (called by the sign-in gate itself) the practice switch and the budget's gate, then roles and scope.
  const afterSignIn = practice.afterSignIn
  // The budget's gate runs once the practice switch is known (practice never spends it), before roles.
  const gate = budget?.gate
  const signedIn: MiddlewareHandler = gate ? (c, next) => afterSignIn(c, () => gate(c, next) as Promise<void>) : afterSignIn
  const auth = registerAuth(app, { store, host: config.host, forward, oidc: config.oidc, afterSignIn: signedIn })
  // The newcomer checklist, from the one parsed answer.
  app.use('/api/*', practice.checklist)
  // Change requests: on a zone that needs approval, direct DNS writes are refused (a step of the write command).
  const changes = setUpChangeRequests(app, { ...crOptions, store, forward, mode: config.mode, mail: { smtpUrl: watchOptions?.smtpUrl, smtpFrom: watchOptions?.smtpFrom, publicUrl: watchOptions?.publicUrl, log } })
  // One write to the API, whoever makes it (a door, a change request's apply, an undo): authorise →
  // approval guard → validate → before state and write-ahead record → send → audit entry (src/server/write).
  const writer = createWriter({ forward, audit: audit.write, approval: changes.approvalGuard, newRequestId: randomUUID, admit: budget?.admitWrite, after: search.wrote })
  // An entry is undone in its own account, through the credential the account step would choose (made below, called per request).
  const undo = audit.undo(writer, (c, account) => inAccount(c, account))

  const tooLarge = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => jsonError(413, PROXY_CODES.tooLarge, `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`),
  })
  // Only where a body can come: looking at the body of a GET would cost every read its fast path.
  const limitBodies: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : tooLarge(c, next)
  // Under /api only writes carry a body anything reads: a read does not even pass through the limit.
  app.on(WRITE_METHOD_LIST, '/api/*', limitBodies)
  app.use('/client/*', limitBodies)

  // A person's state before the dashboard changes it (the audit's before of local writes).
  app.on(WRITE_METHOD_LIST, '/api/*', audit.readBefore)
  // Which credential a request naming an account acts through (a 400 or 403 before anything is sent), and the accounts in scope (made above: the search reads every account through it).
  const inAccount = registerAccounts(app, { scope: accounts, vault: store.credentials, sandbox: Boolean(emulator) })
  // A request naming an account is admitted against the budget of the credential just chosen for it.
  if (budget) app.use(`${API_DOOR}/*`, budget.viaGate)
  // Act: the API door forwards a read, and makes a write one write command.
  registerApiDoor(app, { forward, writer })

  // Behind sign-in (people defined, single sign-on, beyond loopback, or the legacy DASHBOARD_PASSWORD),
  // API clients need a personal API token (checked in auth/client-door.ts, which sets the actor) or
  // the administrator's SANDBOX_API_TOKEN (none set: door closed). Read per request: people come and go.
  const requiredToken = async (c: Context) =>
    maybeActor(c) ? undefined : config.dashboardPassword || (await auth.signInRequired()) ? (config.sandboxApiToken ?? null) : undefined
  const rateLimit = config.sandboxRateLimit && createRateLimiter(config.sandboxRateLimit)
  // The record index's rows of the sandbox were read before the reset: searching them would answer from records the reset took away.
  const afterReset = (startedAt: number) => store.recordIndex.forgetReads('sandbox', startedAt)
  if (emulator) registerSandboxDoor(app, emulator, { requiredToken, forward, writer, rateLimit, afterReset })
  else registerNoSandbox(app)

  app.use('/api/local/*', guardWrites)
  registerLocalRoutes(app, { store, forward, inAccount, scriptIndex: { forward, mode: config.mode } })
  const filing = changes.routes({ writer, undo, inAccount })
  // The credential vault: a credential is checked with a live call of its own before it is stored.
  registerCredentialRoutes(app, { store, environment: config.credential, sendWith, added: () => search.reader.soon() })
  search.routes(app, { forward, writer, file: filing.file })
  // Script watch: reads the sandbox or the live API itself (never a practice copy).
  const watch = createWatch({ store, send: emulator ? emulatorForward(emulator) : live!, log, ...watchOptions })
  watches.set(app, watch)
  registerWatchRoutes(app, { store, watch, send: emulator ? emulatorForward(emulator) : live!, emulator })
  registerAttentionRoutes(app, { store, forward, mode: config.mode, admit: budget && (() => budget.admit('interactive')), budgetState: budget?.state, zonesPerRequest: attentionOptions?.zonesPerRequest })
  if (budget) budget.routes(app)
  else app.get('/api/local/budget', () => jsonOk({ live: false }))
  practice.routes(app)
  audit.routes(app, undo)

  app.all('/api/*', () => jsonError(404, PROXY_CODES.noRoute, 'No route for that URI'))

  if (staticDir) {
    const zoneExists = emulator && ((id: string) => emulator.db.prepare('SELECT 1 FROM zones WHERE id = ?').get(id) !== undefined)
    registerSpa(app, staticDir, { zoneExists })
  }

  return app
}
