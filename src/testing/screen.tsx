import { cleanup, configure, render, type RenderResult } from '@testing-library/react'
import { RouterProvider } from '@tanstack/react-router'
import type { Hono } from 'hono'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { Providers } from '../app/providers'
import { changeDraft } from '../lib/change-draft'
import { createAppRouter, createQueryClient } from '../app/router'
import { addPerson, fromAddress, sessionCookie } from './server/auth'
import type { Role, Store, ZoneScope } from '../server/store'
import { auditTestApp } from './audit-app'

// Pages load their code on demand (lazy routes and dialogs): the first load in a file is compiled
// on the spot, which takes seconds on a busy machine.
configure({ asyncUtilTimeout: 30_000 })

/** One request the page sent, as the server received it (what a test may assert never happened). */
export interface SentRequest {
  method: string
  /** Path and query. */
  url: string
  body: string
  /** Its headers (lower-case names). */
  headers: Record<string, string>
}

export interface ScreenServer {
  app: Hono
  store: Store
  /** Every request the page sent to the server, in order. */
  sent: SentRequest[]
  /** Adds a person to the store and signs in as them through the real /login form: later requests carry their session. */
  signInAs: (username: string, role: Role, zones?: ZoneScope) => Promise<void>
}

/**
 * The real server app (sandbox emulator and store in memory) answering the page's fetch in this
 * process: `fetch` is bridged to the Hono app's own `fetch`, so every request goes through the
 * server's full chain (guard, sign-in, roles, validation, emulator, audit). Nothing is mocked.
 * Call once per test file, at the top level; screens rendered by the file are unmounted after
 * each test. `options`: the script watch's settings (webhook receivers it may reach, say).
 */
export function screenServer(options: Parameters<typeof auditTestApp>[0] = {}): ScreenServer {
  const { app, store } = auditTestApp(options)
  const sent: SentRequest[] = []
  let cookie: string | undefined
  const pageFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(new URL(input instanceof Request ? input.url : String(input), window.location.href), input instanceof Request ? input : init)
    if (cookie) req.headers.set('cookie', cookie)
    const url = new URL(req.url)
    sent.push({ method: req.method, url: url.pathname + url.search, body: req.body ? await req.clone().text() : '', headers: Object.fromEntries(req.headers) })
    // Loopback, as the browser on the same machine: the sign-in throttle and forwarded headers see a real address.
    return app.request(req, undefined, fromAddress('127.0.0.1'))
  }
  const before = globalThis.fetch
  beforeAll(() => {
    globalThis.fetch = pageFetch as typeof fetch
    // Files share a worker's DOM and modules (isolate: false): a draft, theme or last view another
    // file left in the browser's storage, or the change tray's draft kept in its module, must not
    // show up here.
    window.localStorage.clear()
    window.sessionStorage.clear()
    changeDraft.clear()
  })
  afterEach(() => {
    cleanup()
    sent.length = 0
  })
  afterAll(() => {
    globalThis.fetch = before
  })
  return {
    app,
    store,
    sent,
    signInAs: async (username, role, zones = '*') => {
      const { password } = await addPerson(store, username, role, zones)
      cookie = await sessionCookie(app, username, password, '127.0.0.1')
    },
  }
}

/**
 * The whole dashboard at `url`, as the browser opens it: the real route tree (search validation,
 * loaders, the layout) over the browser's own history, so the URL is the table's state as in production.
 */
export function renderApp(url: string): RenderResult & { router: ReturnType<typeof createAppRouter> } {
  window.history.replaceState(null, '', url)
  const queryClient = createQueryClient()
  // No preloading on hover: a preload a click's pointer starts can outlive the test file, and its lazy
  // import, failing once the file's environment is torn down, stays failed in the worker's module
  // runner for the next file that opens that page (seen: the audit page after the record form's rules).
  const router = createAppRouter(queryClient, { preload: false })
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router }
}

/** The page's current search parameters (the table's state lives there). */
export const currentSearch = () => new URLSearchParams(window.location.search)
