import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEMO_ACCOUNT, SEED_ZONES } from '../src/server/emulator/seed-ids'
import { startSmtp } from '../src/testing/alert-receivers'

export { DEMO_ACCOUNT, SEED_ZONES }

const ROOT = resolve(import.meta.dirname, '..')

interface SandboxServer {
  baseURL: string
  dataDir: string
  /** False until a test (or hook) of this worker has had the server's address: till then it holds the demo data as started. */
  used?: boolean
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => ok(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}) before answering:\n${output()}`)
    try {
      // Ready when it answers and has written the large demo zones (in the background after a fresh
      // start): inside the fixture's own time limit, not the first test's.
      const res = await fetch(`${url}/healthz`)
      if (res.ok && !((await res.json()) as { preparing?: unknown[] }).preparing?.length) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs / 1000}s:\n${output()}`)
}

/** Environment for the server: no API credentials, so it always runs the sandbox. */
function sandboxEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1' }
  for (const key of ['API_TOKEN', 'API_EMAIL', 'API_KEY', 'API_BASE_URL', 'DASHBOARD_PASSWORD', 'DATABASE_URL', 'SANDBOX_SEED']) delete env[key]
  // The demo data without the two scale-test zones unless a spec asks for them (SCALE_SEED): they take
  // a seed worker ~3 s of CPU after every start and make each reset 20-30 times slower, and most specs
  // never open them.
  env.SANDBOX_SEED = 'small'
  // The script watch looks for zones an hour after start, not a minute: its baseline of the 20,000-script
  // zone would otherwise load the shared 2-core machine in the middle of other specs. A zone asked for
  // (simulated activity, "Check now") is still checked on the next tick (e2e/watch.spec.ts).
  env.WATCH_START_DELAY_MS ??= '3600000'
  return env
}

/**
 * `test` with a worker-scoped real server: the compiled `node dist-server/main.js --reset-sandbox` on a
 * free port with a fresh temp data dir, serving the already-built dist/ (global-setup.ts builds both).
 * `baseURL` points at it, so `page.goto('/zones')` and `request.get('/healthz')` just work.
 */
export interface RunningZonekeeper extends SandboxServer {
  /** The server's output so far (the last 8,000 characters). */
  log: () => string
  stop: () => Promise<void>
}

/**
 * Starts `dist-server/main.js --reset-sandbox` on a free port with a fresh temp data dir (unless
 * `dataDir` is given); `env` adds or overrides settings (e.g. DATABASE_URL).
 */
export async function startZonekeeper(label: string, env: NodeJS.ProcessEnv = {}, givenDataDir?: string, givenPort?: number): Promise<RunningZonekeeper> {
  const port = givenPort ?? (await freePort())
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), `zonekeeper-e2e-${label}-`))
  const child = spawn(process.execPath, ['dist-server/main.js', '--reset-sandbox'], {
    cwd: ROOT,
    env: { ...sandboxEnv(port, dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const baseURL = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseURL, child, () => log)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseURL, dataDir, log: () => log, stop }
}

/** `env` for a server with the whole demo data, the scale-test zones (bigcorp-records.com, shop-scale.io) included. */
export const SCALE_SEED: NodeJS.ProcessEnv = { SANDBOX_SEED: '' }

/**
 * Waits until the search's record index has read every zone once (its background reader starts with the
 * server). Its first read of the 10,000-record zone (two pages of 5,000, then its rows and their trigram
 * index written) holds the server's one thread for seconds on the busy machine: in the fixture's time,
 * not in a spec's step with a 7 s expect.
 */
async function recordIndexFilled(baseURL: string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${baseURL}/api/local/search/records?q=www`)
    const coverage = res.ok ? ((await res.json()) as { result: { coverage: { zones_in_scope: number; zones_not_read: number } } }).result.coverage : undefined
    if (coverage && coverage.zones_in_scope > 0 && coverage.zones_not_read === 0) return
    if (Date.now() > until) throw new Error(`The record index had not read every zone within ${timeoutMs / 1000}s: ${JSON.stringify(coverage)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * `test` with a worker-scoped real server. Its seed is a worker option: `test.use({ seed: 'scale' })` in
 * a spec that opens the scale-test zones; Playwright gives such specs workers of their own.
 */
export const test = base.extend<object, { sandboxServer: SandboxServer; seed: 'small' | 'scale' }>({
  seed: ['small', { scope: 'worker', option: true }],
  sandboxServer: [
    async ({ seed }, use, workerInfo) => {
      const server = await startZonekeeper(`w${workerInfo.workerIndex}-${seed}`, seed === 'scale' ? SCALE_SEED : {})
      try {
        if (seed === 'scale') await recordIndexFilled(server.baseURL)
        await use({ baseURL: server.baseURL, dataDir: server.dataDir })
      } finally {
        await server.stop()
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ sandboxServer }, use) => {
    await use(sandboxServer.baseURL)
    sandboxServer.used = true
  },
})

export { expect }

/** What a spec's own server needs before it starts; see ownServer. */
export interface OwnServerSetup {
  /**
   * Runs before the server starts, with its (fresh, empty) data dir: may write into it (people in
   * the store) or start what the server talks to (a mail server); what it returns is added to `env`.
   */
  before?: (dataDir: string) => Promise<NodeJS.ProcessEnv | void>
  /** Runs after the server has stopped (closes what `before` started). */
  after?: () => Promise<void>
  /** The fixture's time limit (starting the server included); default 60 s. */
  timeout?: number
}

/**
 * `test` for a spec that needs a server of its own (its own settings, or people: adding people turns
 * sign-in on, which the shared worker server must not see): one `server` per worker, started with
 * `env` on a fresh data dir and stopped (its data dir removed) when the worker ends; `baseURL` points
 * at it. `server` is in every test's fixtures (its `baseURL`, `dataDir`, `log`).
 */
export function ownServer(label: string, env: NodeJS.ProcessEnv = {}, { before, after, timeout = 60_000 }: OwnServerSetup = {}) {
  return test.extend<object, { server: RunningZonekeeper }>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
      async ({}, use, workerInfo) => {
        const dataDir = mkdtempSync(join(tmpdir(), `zonekeeper-e2e-${label}-`))
        let server: RunningZonekeeper | undefined
        try {
          const more = (await before?.(dataDir)) ?? {}
          server = await startZonekeeper(`${label}-w${workerInfo.workerIndex}`, { ...env, ...more }, dataDir)
          await use(server)
        } finally {
          await server?.stop()
          await after?.()
          rmSync(dataDir, { recursive: true, force: true })
        }
      },
      { scope: 'worker', timeout },
    ],
    baseURL: async ({ server }, use) => use(server.baseURL),
  })
}

/** The first administrator's password on the signed-in server (DASHBOARD_PASSWORD makes "admin", as an upgrade would). */
export const ADMIN_PASSWORD = 'admin-password-123'

/**
 * `test` for the specs whose people sign in (change requests, roles in the pages): ONE worker-scoped
 * server for all of them, with the first administrator from DASHBOARD_PASSWORD and a real SMTP receiver
 * on loopback (`smtp.mails`). They share a worker hash, so Playwright runs them back to back on one
 * server instead of stopping the worker (browser, server) between them: a worker switch cost 10-25 s
 * on the busy 2-core machine, most of it the server's start. What a spec needs that another may have
 * left is undone at its start by `cleanSignedInServer`.
 */
export const signedInTest = test.extend<object, { server: RunningZonekeeper; smtp: Awaited<ReturnType<typeof startSmtp>> }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const smtp = await startSmtp()
      try {
        await use(smtp)
      } finally {
        await smtp.close()
      }
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use, workerInfo) => {
      // A vault key, so a spec can store the sandbox's own tokens as credentials (the estate journey).
      const server = await startZonekeeper(`signed-in-w${workerInfo.workerIndex}`, { DASHBOARD_PASSWORD: ADMIN_PASSWORD, SMTP_FROM: 'zk@example.test', SMTP_URL: smtp.url, CREDENTIALS_KEY: '5a'.repeat(32) })
      try {
        await use(server)
      } finally {
        await server.stop()
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
})

/**
 * The signed-in server as a spec finds it fresh, whichever specs ran on it before: requests still
 * waiting are rejected, everyone but "admin" is deleted, no zone needs approval, no credential is
 * stored, and the demo data is restored. `admin` is a request context signed in as "admin".
 */
export async function cleanSignedInServer(admin: APIRequestContext): Promise<void> {
  const W = { 'X-Zonekeeper-Request': '1' }
  const requests = ((await (await admin.get('/api/local/change-requests')).json()) as { result: { id: number; status: string }[] }).result
  for (const r of requests.filter((x) => x.status === 'pending')) {
    const res = await admin.post(`/api/local/change-requests/${r.id}/reject`, { headers: W, data: { comment: 'Cleared before the next spec.' } })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  const people = ((await (await admin.get('/api/local/people')).json()) as { result: { id: string; username: string }[] }).result
  for (const p of people.filter((x) => x.username !== 'admin')) {
    const res = await admin.delete(`/api/local/people/${p.id}`, { headers: W })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  const zones = ((await (await admin.get('/api/local/change-requests/zones')).json()) as { result: { zoneId: string; required: boolean }[] }).result
  for (const z of zones.filter((x) => x.required)) {
    const res = await admin.put(`/api/local/change-requests/zones/${z.zoneId}`, { headers: W, data: { required: false, approverMode: 'admins', approverIds: [] } })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  // Stored credentials change which accounts the sandbox's dashboard reaches: none at a spec's start.
  const stored = ((await (await admin.get('/api/local/credentials')).json()) as { result: { credentials: { id: string; source: string }[] } }).result.credentials
  for (const c of stored.filter((x) => x.source === 'vault')) {
    const res = await admin.delete(`/api/local/credentials/${c.id}`, { headers: W })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
  await resetSandbox(admin)
}

/** A request context at `baseURL` signed in as the signed-in server's first administrator. */
export async function signedInAdmin(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ baseURL })
  expect((await admin.post('/login', { form: { username: 'admin', password: ADMIN_PASSWORD, next: '/' }, maxRedirects: 0 })).status()).toBe(303)
  return admin
}

/** Restores the demo data (the same call as the "Reset sandbox" button). */
export async function resetSandbox(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/sandbox/reset', { headers: { 'X-Zonekeeper-Request': '1' }, timeout: 60_000 })
  expect(res.ok(), `sandbox reset failed: HTTP ${res.status()} ${await res.text()}`).toBeTruthy()
}

/**
 * Restores the demo data unless this worker's server has served nothing yet (started with
 * --reset-sandbox on a fresh data dir, it holds exactly that): with the scale-test zones a reset takes
 * 10-25 s on the busy machine, and the first spec of a worker need not pay it.
 */
export async function resetSandboxIfUsed(request: APIRequestContext, server: SandboxServer): Promise<void> {
  if (server.used) await resetSandbox(request)
}

/** The URL of a zone page: zoneUrl('demo') → /zones/<id>, zoneUrl('large', 'dns') → /zones/<id>/dns. */
export function zoneUrl(zone: keyof typeof SEED_ZONES, area?: string): string {
  return `/zones/${SEED_ZONES[zone].id}${area ? `/${area}` : ''}`
}

/** Opens a page and waits until the shell is there (navigation rendered). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA rules, or colour contrast alone) on the page and fails on any serious or critical violation,
 * listing each rule with the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url(), { contrastOnly = false } = {}): Promise<void> {
  // Only violations are read: without this axe also builds a node list for every passing check, a
  // large part of its run on a page with hundreds of rows. Legacy mode runs axe in the page itself:
  // the default opens a blank tab (a renderer process of its own) for every run to merge frame results,
  // which the app (no frames of another origin) does not need; it halved the a11y matrix's time.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode()
  // contrastOnly: the rule a colour scheme can break, for a page already checked whole in the other scheme.
  const results = await (contrastOnly ? axe.withRules(['color-contrast']) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`).join('\n')
  expect(serious, `accessibility violations on ${label}:\n${report}`).toEqual([])
}

/**
 * A person added with a one-time password signs in for the first time in a browser of their own
 * (a new context at `baseURL`), chooses their own password (`<given>-own`) and lands on the dashboard.
 */
export async function signInFirstTime(browser: Browser, baseURL: string, who: { username: string; password: string }, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })).newPage()
  await page.goto('/login')
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
  await page.getByLabel('Current password').fill(who.password)
  await page.getByLabel('New password', { exact: true }).fill(`${who.password}-own`)
  await page.getByLabel('New password again').fill(`${who.password}-own`)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  return page
}

/**
 * A person added with a one-time password, signed in and given their own password (`<given>-own`)
 * through the same /login and /password forms the browser posts, without loading those pages: the
 * change-request specs are not about signing in (signInFirstTime above walks the first sign-in in the
 * browser, in change-requests-scan.spec.ts and people.spec.ts), and three page loads per person were a
 * large part of their time.
 * Returns a blank page in a new browser context carrying that session (each caller opens its own page first).
 */
export async function signedInPerson(browser: Browser, baseURL: string, who: { username: string; password: string }, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) })
  const login = await context.request.post('/login', { form: { username: who.username, password: who.password, next: '/' }, maxRedirects: 0 })
  expect(login.status(), await login.text()).toBe(303)
  const own = `${who.password}-own`
  const changed = await context.request.post('/password', { form: { current: who.password, password: own, again: own }, maxRedirects: 0 })
  expect(changed.status(), await changed.text()).toBe(303)
  return context.newPage()
}
