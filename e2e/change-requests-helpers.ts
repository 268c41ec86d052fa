import type { Browser, Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * A person added with a one-time password, signed in and given their own password (`<given>-own`)
 * through the same /login and /password forms the browser posts, without loading those pages: the
 * change-request specs are not about signing in (change-requests-scan.spec.ts and people.spec.ts walk
 * the first sign-in in the browser), and three page loads per person were a large part of their time.
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
