import { afterAll, describe, expect, it } from 'vitest'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import { createApp } from '../app'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'

/**
 * Every dashboard route whose table entry declares a body schema reads it through that schema, in
 * the whole app (on loopback with nobody defined: the local administrator): not JSON is a 400 with
 * code 6007, a value the schema refuses a 400 with code 1004 pointing at the field, never a 500
 * (a handler reading another schema than its entry declares is a 500 here).
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = memoryEmulator({ scaleZones: false })
const app = createApp({ config: testConfig(), emulator, store })
afterAll(async () => {
  await store.close()
  emulator.close()
})

const PARAMS: Record<string, string> = { zone_id: SEED_ZONES.demo.id, account_id: DEMO_ACCOUNT.id }
const withBody = (LOCAL_ROUTES as readonly LocalRouteEntry[]).filter((r) => r.body)
const urlOf = (r: LocalRouteEntry) =>
  r.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = PARAMS[name]
    if (!value) throw new Error(`read-body.test.ts needs a sample value for :${name} (${r.path})`)
    return value
  })
const send = (r: LocalRouteEntry, body: string) =>
  app.request(urlOf(r), { method: r.method, body, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' } })

describe('dashboard routes that declare a body schema', () => {
  it('there are some (the table is where a route says what it reads)', () => {
    expect(withBody.length).toBeGreaterThanOrEqual(3)
  })

  it.each(withBody.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: not JSON is a 400 with code 6007', async (_, r) => {
    const res = await send(r, '{"verdict": ')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: { code: number }[] }).errors[0]!.code).toBe(6007)
  })

  it.each(withBody.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: a value the schema refuses is a 400 with code 1004 pointing at the field', async (_, r) => {
    const res = await send(r, JSON.stringify({ verdict: 'maybe', version: 'x', script_id: 1, connection_id: 1 }))
    expect(res.status).toBe(400)
    const errors = ((await res.json()) as { errors: { code: number; source?: { pointer?: string } }[] }).errors
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.every((e) => e.code === 1004 && /^\/\w/.test(e.source?.pointer ?? ''))).toBe(true)
  })
})
