import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createEmulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { testConfig } from '../../testing/server'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Bad input to the change requests and the other free-text fields the dashboard stores, answered
 * 400 at the field, never 500: a NUL character (PostgreSQL's text cannot hold one, so the store
 * failed the write) and an undo whose body is JSON `null`. On PostgreSQL, where the NUL did harm
 * (SQLite, with the reason printed, where it is absent: the refusal is the schema's either way).
 */
const Z = SEED_ZONES.demo
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const NUL = 'before\u0000after'
const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
let store: Store
let app: ReturnType<typeof createApp>
const emulator = createEmulator({ file: ':memory:', scaleZones: false })
const as: Record<string, string> = {}

beforeAll(async () => {
  if (!missing) pg = await startPostgres()
  store = createStore({ dataDir: ':memory:', ...(pg ? { databaseUrl: await pg.createDatabase() } : {}) })
  await emulator.ready
  app = createApp({ config: testConfig(), emulator, store })
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = await sessionCookie(app, u, `${u}-password-1`)
  expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
})
afterAll(async () => {
  await store.close()
  emulator.close()
  pg?.stop()
})

async function call<T = unknown>(who: string, method: string, path: string, body?: unknown, raw?: string) {
  const res = await app.request(path, { method, headers: { ...W, cookie: as[who] }, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string; source?: { pointer: string } }[] }
  return { status: res.status, result: json.result, errors: json.errors ?? [] }
}
/** The answer refuses the field at `pointer` for its NUL character. */
const refusesNul = (answer: Awaited<ReturnType<typeof call>>, pointer: string) => {
  expect(answer.status).toBe(400)
  expect(answer.errors).toContainEqual(expect.objectContaining({ message: 'Must not contain a NUL character (U+0000).', source: { pointer } }))
}
const txt = (name: string) => ({ action: 'create', body: { type: 'TXT', name, content: '"x"', ttl: 300 } })

describe('bad input is a 400 at the field', () => {
  it('refuses a NUL in a change request title, reason and reject comment', async () => {
    refusesNul(await call('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: NUL, items: [txt('nul-title')] }), '/title')
    refusesNul(await call('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Fine', reason: NUL, items: [txt('nul-reason')] }), '/reason')
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Fine', items: [txt('nul-comment')] })
    expect(filed.status).toBe(200)
    refusesNul(await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: NUL }), '/comment')
    expect((await store.changeRequests.get(filed.result.id))!.status).toBe('pending')
  })

  it("answers 400 to a change request's undo whose body is JSON null, and undoes it with a proper body", async () => {
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'To undo', items: [txt('null-undo')] })
    expect((await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).result.status).toBe('applied')
    for (const raw of ['null', '[]', '"confirm"']) {
      const answer = await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, undefined, raw)
      // Valid JSON of the wrong shape: refused by the route table's schema (code 1004), as every local write's body.
      expect(answer.status).toBe(400)
      expect(answer.errors[0]).toMatchObject({ code: 1004, message: 'The body must be empty or a JSON object such as {"confirm": true}.' })
    }
    expect((await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {})).result.status).toBe('undone')
  })

  it('refuses a NUL in a display name, a token name and a verdict note', async () => {
    refusesNul(await call('adm', 'POST', '/api/local/people', { username: 'nul-person', display_name: NUL, role: 'viewer', zones: '*', password: 'a-long-and-unusual-passphrase-93' }), '/display_name')
    const ed = (await store.people.byUsername('ed'))!
    refusesNul(await call('adm', 'PATCH', `/api/local/people/${ed.id}`, { display_name: NUL }), '/display_name')
    expect((await store.people.byUsername('ed'))!.displayName).not.toContain('\u0000')
    refusesNul(await call('ed', 'POST', '/api/local/me/tokens', { name: NUL }), '/name')
    const script = { url: 'https://cdn.example.com/app.js', hash: 'a'.repeat(64), js_integrity_score: 90, malware_score: 90, magecart_score: 90, cryptomining_score: 90 }
    refusesNul(await call('adm', 'POST', `/api/local/zones/${Z.id}/page-shield/reviews`, { script_id: 'b'.repeat(32), verdict: 'expected', note: NUL, script }), '/note')
    refusesNul(await call('adm', 'POST', `/api/local/zones/${Z.id}/page-shield/connection-reviews`, { connection_id: 'c'.repeat(32), verdict: 'expected', note: NUL }), '/note')
  })
})
