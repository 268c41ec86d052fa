import type { Context, Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { CHECKLIST_TASKS, type PracticeView } from '../../shared/practice'
import { actorOf, type Actor } from '../auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { jsonError, jsonOk } from '../envelope'
import type { Store } from '../store'
import { ledgerPrefix } from './ledger'
import type { PracticeSandboxes } from './sandboxes'

export const PRACTICE_BASE = '/api/local/practice'
/** The local administrator (nobody defined yet, loopback) has no server-side session: a cookie keeps the switch. */
export const LOCAL_PRACTICE_COOKIE = 'zonekeeper_practice'

/** The key a person's practice data and checklist are kept under. */
export const personKey = (a: Actor) => (a.kind === 'person' ? a.person.id : 'local')

export interface PracticeRouteOptions {
  store: Store
  live: boolean
  sandboxes?: PracticeSandboxes
  practising: (c: Context) => boolean
}

/**
 * The practice switch (per session), the reset of one's own practice data, and the checklist:
 * GET the state, POST `{ practice: true | false }` to switch, POST …/reset to start the data again.
 */
export function registerPracticeRoutes(app: Hono, { store, live, sandboxes, practising }: PracticeRouteOptions): void {
  const view = async (c: Context, practice = practising(c)): Promise<PracticeView> => {
    const done = await store.checklist.done(personKey(actorOf(c)))
    return {
      mode: !live ? 'sandbox' : practice ? 'practice' : 'live',
      available: live,
      demoZoneId: SEED_ZONES.demo.id,
      checklist: CHECKLIST_TASKS.map((t) => {
        const at = done.get(t.id)
        return { id: t.id, done: at !== undefined, doneAt: at === undefined ? null : new Date(at).toISOString() }
      }),
    }
  }
  const notLive = () =>
    jsonError(409, 1409, 'There is no separate practice here: the dashboard runs its sandbox, so everything is practice already.')

  app.get(PRACTICE_BASE, async (c) => jsonOk(await view(c)))

  app.post(PRACTICE_BASE, async (c) => {
    if (!live) return notLive()
    const body = (await c.req.json().catch(() => null)) as { practice?: unknown } | null
    if (typeof body?.practice !== 'boolean')
      return jsonError(400, 1004, 'Send { "practice": true } to practise or { "practice": false } to go back to live.')
    const on = body.practice
    const actor = actorOf(c)
    if (actor.kind === 'person') {
      if (!(await store.sessions.setPractice(actor.person.id, actor.sessionHandle, on)))
        return jsonError(404, 1404, 'Your session has ended: sign in again.')
    } else {
      setCookie(c, LOCAL_PRACTICE_COOKIE, on ? '1' : '0', { httpOnly: true, sameSite: 'Strict', path: '/' })
    }
    if (on) sandboxes?.of(personKey(actor)) // created now (a tenth of a second) rather than on the first page
    // c.json: the answer carries the cookie set above.
    return c.json({ result: await view(c, on), success: true, errors: [], messages: [] })
  })

  app.post(`${PRACTICE_BASE}/reset`, async (c) => {
    if (!live || !sandboxes) return notLive()
    const key = personKey(actorOf(c))
    sandboxes.reset(key)
    await store.reviews.deletePractice(ledgerPrefix(key))
    await store.scriptIndex.deleteOwnerPrefix(`practice:${ledgerPrefix(key)}`)
    await store.connections.deletePractice(ledgerPrefix(key))
    return jsonOk({ reset: true })
  })
}
