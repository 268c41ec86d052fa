import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { addPerson } from '../src/server/auth/test-helpers'
import { createStore, type Role } from '../src/server/store'

/**
 * A server of its own for the audit tests: its people (an administrator and two editors) are written
 * into the store before it starts, so every page needs a real sign-in, and the other spec files'
 * servers (which rely on "nobody defined yet") are not affected.
 */
const ROOT = resolve(import.meta.dirname, '..')
export const PEOPLE: Record<string, Role> = { adm: 'admin', ed: 'editor', eve: 'editor' }
export const passwordOf = (username: string) => `${username}-password-1`

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => ok(typeof a === 'object' && a ? a.port : 0))
    })
  })
}

export const test = base.extend<object, { auditServer: string }>({
  auditServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'zonekeeper-e2e-audit-'))
      const store = createStore({ dataDir })
      for (const [name, role] of Object.entries(PEOPLE)) await addPerson(store, name, role)
      await store.close()
      const port = await freePort()
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1' }
      for (const key of ['API_TOKEN', 'API_EMAIL', 'API_KEY', 'API_BASE_URL', 'DASHBOARD_PASSWORD', 'DATABASE_URL']) delete env[key]
      const child = spawn(process.execPath, ['dist-server/main.js', '--reset-sandbox'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
      let log = ''
      child.stdout?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)))
      child.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)))
      const url = `http://127.0.0.1:${port}`
      try {
        for (let i = 0; ; i++) {
          if (child.exitCode !== null || i > 600) throw new Error(`The audit test server did not start:\n${log}`)
          // Up, and done writing the scale-test zones in the background (writes meanwhile could meet a busy database).
          const health = await fetch(`${url}/healthz`).then((r) => (r.ok ? (r.json() as Promise<{ preparing?: unknown[] }>) : null), () => null)
          if (health && !health.preparing?.length) break
          await new Promise((r) => setTimeout(r, 150))
        }
        await use(url)
      } finally {
        child.kill('SIGTERM')
        await new Promise((r) => setTimeout(r, 300))
        if (child.exitCode === null) child.kill('SIGKILL')
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ auditServer }, use) => use(auditServer),
})

export { expect }

/** Signs in through the real /login form; the session cookie lands in the request's context. */
export async function signIn(request: APIRequestContext, username: string): Promise<void> {
  const res = await request.post('/login', { form: { username, password: passwordOf(username), next: '/' }, maxRedirects: 0 })
  expect(res.status(), await res.text()).toBe(303)
}

/** A page in a fresh browser context, signed in as `username`. */
export async function pageAs(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  await signIn(context.request, username)
  return context.newPage()
}
