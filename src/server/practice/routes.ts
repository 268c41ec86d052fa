import type { Context, Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { CHECKLIST_TASKS, taskAccess, type PracticeView } from '../../shared/practice'
import { actorOf, type Actor } from '../auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { jsonError, jsonOk } from '../http/envelope'
import { localBody } from '../local/read-body'
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
  sandboxes: PracticeSandboxes
  practising: (c: Context) => boolean
}

/**
 * The practice switch (per session), the reset of one's own practice data, and the checklist:
 * GET the state, POST `{ practice: true | false }` to switch, POST …/reset to start the data again.
 */
export function registerPracticeRoutes(app: Hono, { store, live, sandboxes, practising }: PracticeRouteOptions): void {
  const view = async (c: Context, practice = practising(c)): Promise<PracticeView> => {
    const actor = actorOf(c)
    const done = await store.checklist.done(personKey(actor))
    // The "may propose" switch an administrator sets: such a viewer proposes what they may not write.
    const mayPropose = !practice && actor.person.id !== null && (await store.changeRequests.person(actor.person.id)).mayPropose
    return {
      mode: practice ? 'practice' : live ? 'live' : 'sandbox',
      available: true,
      demoZoneId: SEED_ZONES.demo.id,
      checklist: CHECKLIST_TASKS.map((t) => {
        const at = done.get(t.id)
        // In practice every role may do every task (the copy is the person's own).
        const access = practice ? { allowed: true, reason: null, proposeInstead: false } : taskAccess(t, actor.person, mayPropose)
        return { id: t.id, done: at !== undefined, doneAt: at === undefined ? null : new Date(at).toISOString(), ...access }
      }),
    }
  }

  app.get(PRACTICE_BASE, async (c) => jsonOk(await view(c)))

  app.post(PRACTICE_BASE, async (c) => {
    const on = localBody(c, 'POST', PRACTICE_BASE).practice
    const actor = actorOf(c)
    if (actor.kind === 'person') {
      if (!(await store.sessions.setPractice(actor.person.id, actor.sessionHandle, on)))
        return jsonError(404, 1404, 'Your session has ended: sign in again.')
    } else {
      setCookie(c, LOCAL_PRACTICE_COOKIE, on ? '1' : '0', { httpOnly: true, sameSite: 'Strict', path: '/' })
    }
    if (on) await (await sandboxes.enter(personKey(actor), false)).done() // created now (a tenth of a second) rather than on the first page
    // c.json: the answer carries the cookie set above.
    return c.json({ result: await view(c, on), success: true, errors: [], messages: [] })
  })

  app.post(`${PRACTICE_BASE}/reset`, async (c) => {
    const key = personKey(actorOf(c))
    await sandboxes.reset(key)
    // The person's practice entries go with the data (they are outside the audit chain).
    const entries = await store.audit.deletePractice(actorOf(c).person.id)
    await store.reviews.deletePractice(ledgerPrefix(key))
    await store.scriptIndex.deleteOwnerPrefix(`practice:${ledgerPrefix(key)}`)
    await store.connections.deletePractice(ledgerPrefix(key))
    await store.changeRequests.deletePractice(key, ledgerPrefix(key))
    return jsonOk({ reset: true, entriesRemoved: entries })
  })
}
