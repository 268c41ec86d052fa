import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { addPerson } from '../src/testing/server/auth'
import { createStore, type Role } from '../src/server/store'
import { expect, ownServer } from './fixtures'

/**
 * A server of its own for the audit tests: its people (an administrator and two editors) are written
 * into the store before it starts, so every page needs a real sign-in, and the other spec files'
 * servers (which rely on "nobody defined yet") are not affected.
 */
export const PEOPLE: Record<string, Role> = { adm: 'admin', ed: 'editor', eve: 'editor' }
export const passwordOf = (username: string) => `${username}-password-1`

export const test = ownServer(
  'audit',
  {},
  {
    before: async (dataDir) => {
      const store = createStore({ dataDir })
      for (const [name, role] of Object.entries(PEOPLE)) await addPerson(store, name, role)
      await store.close()
    },
    timeout: 90_000,
  },
)

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
