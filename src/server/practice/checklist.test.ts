import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { testConfig } from '../../testing/server'
import { taskDone } from './checklist'

/** The newcomer checklist: ticked by the server from real requests and their answers. */
const DEMO = SEED_ZONES.demo
const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
type App = ReturnType<typeof createApp>

const request = (app: App, cookie: string | undefined, path: string, method = 'GET', body?: unknown) =>
  app.request(
    path,
    {
      method,
      headers: { ...(method === 'GET' ? {} : WRITE), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    fromAddress('192.0.2.1'),
  )
const progress = async (app: App, cookie?: string) =>
  ((await (await request(app, cookie, '/api/local/practice')).json()).result.checklist as { id: string; done: boolean }[])
    .filter((t) => t.done)
    .map((t) => t.id)

/** Every task once, as a person does it in the dashboard. */
async function doEveryTask(app: App, cookie?: string) {
  const records = `/api/v4/zones/${DEMO.id}/dns_records`
  expect((await request(app, cookie, records)).status).toBe(200)
  const added = await request(app, cookie, records, 'POST', {
    type: 'A',
    name: 'checklist',
    content: '192.0.2.5',
    ttl: 300,
    proxied: false,
  })
  expect(added.status).toBe(200)
  // "status" is a CNAME in the demo: an A record beside it is refused by the API's rules (81054).
  const refused = await request(app, cookie, records, 'POST', {
    type: 'A',
    name: 'status',
    content: '192.0.2.6',
    ttl: 300,
    proxied: false,
  })
  expect(refused.status).toBe(400)
  const scripts = (await (await request(app, cookie, `/api/v4/zones/${DEMO.id}/page_shield/scripts`)).json()).result as {
    id: string
    url: string
  }[]
  const review = await request(app, cookie, `/api/local/zones/${DEMO.id}/page-shield/reviews`, 'POST', {
    script_id: scripts[0].id,
    verdict: 'expected',
    note: 'Our analytics.',
    script: {
      url: scripts[0].url,
      host: new URL(scripts[0].url).host,
      hash: null,
      js_integrity_score: null,
      malware_score: null,
      magecart_score: null,
      cryptomining_score: null,
    },
  })
  expect(review.status).toBe(201)
  const invites = (await (await request(app, cookie, '/api/v4/user/invites')).json()).result as {
    id: string
    status: string
    expires_on?: string
  }[]
  const pending = invites.find((i) => i.status === 'pending' && (!i.expires_on || Date.parse(i.expires_on) > Date.now()))!
  expect((await request(app, cookie, `/api/v4/user/invites/${pending.id}`, 'PATCH', { status: 'accepted' })).status).toBe(200)
  const undo = await request(app, cookie, `/api/local/audit/${added.headers.get('x-zonekeeper-audit-id')}/undo`, 'POST', {})
  expect(undo.status).toBe(200)
}

describe('the checklist in a live practice session', () => {
  let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
  const store = createStore({ dataDir: ':memory:' })
  let app: App
  let viewer = ''
  let other = ''
  beforeAll(async () => {
    live = await startEmulatorUpstream()
    app = createApp({
      config: testConfig({ credential: { kind: 'token', token: 'live-token-checklist-0123456' }, apiBaseUrl: live.upstream.url }),
      store,
    })
    await addPerson(store, 'vi', 'viewer')
    await addPerson(store, 'ot', 'viewer')
    viewer = await sessionCookie(app, 'vi', 'vi-password-1')
    other = await sessionCookie(app, 'ot', 'ot-password-1')
  })
  afterAll(async () => {
    await live.close()
    await store.close()
  })

  it('ticks nothing while live (and a live viewer cannot do the writes anyway)', async () => {
    await request(app, viewer, `/api/v4/zones/${DEMO.id}/dns_records`)
    const verdict = await request(app, viewer, `/api/local/zones/${DEMO.id}/page-shield/reviews`, 'POST', {
      script_id: 'a'.repeat(32),
    })
    expect(verdict.status).toBe(403)
    expect(await progress(app, viewer)).toEqual([])
  })

  it('ticks each task as a viewer really does it in practice, and keeps it after signing in again', async () => {
    await request(app, viewer, '/api/local/practice', 'POST', { practice: true })
    await doEveryTask(app, viewer)
    expect(await progress(app, viewer)).toEqual([
      'find-records',
      'add-record',
      'read-refusal',
      'review-script',
      'accept-invite',
      'undo-change',
    ])
    expect(live.upstream.requests.filter((r) => r.method !== 'GET')).toEqual([])
    const again = await sessionCookie(app, 'vi', 'vi-password-1')
    expect(await progress(app, again)).toHaveLength(6)
    expect(await progress(app, other)).toEqual([])
  })

  it("keeps the practice review verdict in the person's own ledger", async () => {
    const path = `/api/local/zones/${DEMO.id}/page-shield/reviews`
    expect((await (await request(app, viewer, path)).json()).result).toHaveLength(1)
    const liveSession = await sessionCookie(app, 'vi', 'vi-password-1')
    expect((await (await request(app, liveSession, path)).json()).result).toEqual([])
    await request(app, other, '/api/local/practice', 'POST', { practice: true })
    expect((await (await request(app, other, path)).json()).result).toEqual([])
  })
})

describe('the checklist in sandbox mode, nobody defined yet', () => {
  const store = createStore({ dataDir: ':memory:' })
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    emulator.close()
    await store.close()
  })
  it('ticks the tasks of the local administrator in the sandbox itself', async () => {
    const view = (await (await request(app, undefined, '/api/local/practice')).json()).result
    expect(view).toMatchObject({ mode: 'sandbox', available: true })
    expect(view.checklist.every((t: { allowed: boolean }) => t.allowed)).toBe(true)
    await doEveryTask(app)
    expect(await progress(app)).toHaveLength(6)
  })

})

describe('the checklist in sandbox mode, people signed in', () => {
  const store = createStore({ dataDir: ':memory:' })
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig(), emulator, store })
  let viewer = ''
  let scopedEditor = ''
  beforeAll(async () => {
    await addPerson(store, 'sv', 'viewer')
    await addPerson(store, 'se', 'editor', ['example.com'])
    viewer = await sessionCookie(app, 'sv', 'sv-password-1')
    scopedEditor = await sessionCookie(app, 'se', 'se-password-1')
  })
  afterAll(async () => {
    emulator.close()
    await store.close()
  })
  const records = `/api/v4/zones/${DEMO.id}/dns_records`
  const sandboxNames = () => emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ?').pluck().all(DEMO.id) as string[]
  const tasks = async (cookie: string) =>
    (await (await request(app, cookie, '/api/local/practice')).json()).result.checklist as { id: string; allowed: boolean; reason: string | null; proposeInstead: boolean }[]

  // A viewer newcomer in sandbox mode had no way to practise (1 of 6 for ever).
  it('says which tasks a viewer may not do, and lets them practise those in a copy of their own', async () => {
    const before = await tasks(viewer)
    expect(before.filter((t) => !t.allowed).map((t) => t.id)).toEqual(['add-record', 'propose-change', 'read-refusal', 'review-script', 'accept-invite', 'undo-change'])
    expect(before.find((t) => t.id === 'add-record')?.reason).toMatch(/Your role \(viewer\) does not allow adding records.*Practise it/)
    expect((await request(app, viewer, records, 'POST', { type: 'A', name: 'viewer-sandbox', content: '192.0.2.8', ttl: 300 })).status).toBe(403)

    const on = await request(app, viewer, '/api/local/practice', 'POST', { practice: true })
    expect(on.status).toBe(200)
    expect((await on.json()).result).toMatchObject({ mode: 'practice', available: true })
    expect((await tasks(viewer)).every((t) => t.allowed && t.reason === null)).toBe(true)
    const added = await request(app, viewer, records, 'POST', { type: 'A', name: 'viewer-practice', content: '192.0.2.9', ttl: 300, proxied: false })
    expect(added.status).toBe(200)
    expect(await progress(app, viewer)).toEqual(['add-record'])
    // The record is in the viewer's own copy, not in the sandbox everyone shares.
    expect(sandboxNames()).not.toContain('viewer-practice.example.com')
    const mine = (await (await request(app, viewer, `${records}?per_page=500`)).json()).result as { name: string }[]
    expect(mine.map((r) => r.name)).toContain('viewer-practice.example.com')
  })

  it('tells an editor scoped to one zone why invites are not theirs to accept', async () => {
    const invite = (await tasks(scopedEditor)).find((t) => t.id === 'accept-invite')
    expect(invite).toMatchObject({ allowed: false })
    expect(invite?.reason).toMatch(/Your role \(editor\) does not allow answering the account's invites here: it needs administrator.*Practise it/)
    expect((await tasks(scopedEditor)).find((t) => t.id === 'add-record')).toMatchObject({ allowed: true, reason: null })
  })

  it('offers proposing to a viewer an administrator lets propose, and ticks "Propose a change" when they file a request', async () => {
    await addPerson(store, 'sa', 'admin')
    const admin = await sessionCookie(app, 'sa', 'sa-password-1')
    const approval = await request(app, admin, `/api/local/change-requests/zones/${DEMO.id}`, 'PUT', { required: true, approverMode: 'admins' })
    expect(approval.status).toBe(200)
    const { person: pv } = await addPerson(store, 'pv', 'viewer')
    const proposer = await sessionCookie(app, 'pv', 'pv-password-1')
    const proposal = { zoneId: DEMO.id, title: 'Add a practice host', items: [{ action: 'create', body: { type: 'A', name: 'proposed', content: '192.0.2.30', ttl: 300 } }] }

    // Without the switch: proposing is refused at the door, and the checklist says so.
    const refusal = (await tasks(proposer)).find((t) => t.id === 'propose-change')
    expect(refusal).toMatchObject({ allowed: false, proposeInstead: false })
    expect(refusal?.reason).toMatch(/needs editor, or the "may propose" switch/)
    expect((await request(app, proposer, '/api/local/change-requests', 'POST', proposal)).status).toBe(403)
    expect(await progress(app, proposer)).toEqual([])

    await store.changeRequests.setPerson(pv.id, { mayPropose: true, email: null })
    const now = await tasks(proposer)
    expect(now.find((t) => t.id === 'propose-change')).toMatchObject({ allowed: true, reason: null, proposeInstead: false })
    const add = now.find((t) => t.id === 'add-record')
    expect(add).toMatchObject({ allowed: false, proposeInstead: true })
    expect(add?.reason).toMatch(/you may propose them/)
    expect(add?.reason).not.toMatch(/it needs editor/)
    // Tasks a proposer cannot propose stay refused with practice offered.
    expect(now.find((t) => t.id === 'undo-change')).toMatchObject({ allowed: false, proposeInstead: false })

    expect((await request(app, proposer, '/api/local/change-requests', 'POST', proposal)).status).toBe(200)
    expect(await progress(app, proposer)).toEqual(['propose-change'])
  })
})

describe('what counts as done', () => {
  const zone = `/api/v4/zones/${DEMO.id}/dns_records`
  it('a refusal counts only from the API, not from the dashboard refusing a role', () => {
    const refusal = (code: number, status = 400) =>
      taskDone({ method: 'POST', path: zone, status, answer: { success: false, errors: [{ code }] } })
    expect(refusal(81054)).toBe('read-refusal')
    expect(refusal(10403, 403)).toBeUndefined()
    expect(
      taskDone({ method: 'DELETE', path: `${zone}/${'a'.repeat(32)}`, status: 404, answer: { errors: [{ code: 81044 }] } }),
    ).toBeUndefined()
  })
  it('an invite answered "rejected" is not an accepted one', () => {
    const path = '/api/v4/user/invites/abc'
    expect(
      taskDone({ method: 'PATCH', path, status: 200, answer: { success: true, result: { status: 'rejected' } } }),
    ).toBeUndefined()
    expect(taskDone({ method: 'PATCH', path, status: 200, answer: { success: true, result: { status: 'accepted' } } })).toBe(
      'accept-invite',
    )
  })
  it('a change request counts once it is filed, not when the filing is refused', () => {
    const path = '/api/local/change-requests'
    expect(taskDone({ method: 'POST', path, status: 200, answer: { success: true, result: { id: 1 } } })).toBe('propose-change')
    expect(taskDone({ method: 'POST', path, status: 403, answer: { success: false, errors: [{ code: 10403 }] } })).toBeUndefined()
    expect(taskDone({ method: 'POST', path: `${path}/1/approve`, status: 200, answer: { success: true } })).toBeUndefined()
  })
  it('a failed read or creation does not count', () => {
    expect(taskDone({ method: 'GET', path: zone, status: 404, answer: { success: false } })).toBeUndefined()
    expect(taskDone({ method: 'POST', path: zone, status: 200, answer: { success: false } })).toBeUndefined()
  })
})
