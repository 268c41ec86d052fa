import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { ReplacePreview, ReplaceZoneResult } from '../../shared/schemas/record-replace'

/** Every call the dashboard sends upstream (the sandbox), as "METHOD path". */
const calls: string[] = []
const sandbox = memoryEmulator()
/**
 * The sandbox seen through a counter: every call of the dashboard's forward reaches it by `request`
 * (the proxy is not the emulator's own app, so its direct table calls fall back to `request` too).
 */
const counted = new Proxy(sandbox.app, {
  get(target, key) {
    if (key === 'request') {
      return (input: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${input.split('?')[0]}`)
        return target.request(input, init)
      }
    }
    const value = Reflect.get(target, key, target) as unknown
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
  },
}) as Hono
const emulator = { ...sandbox, app: counted }

/**
 * What "change them all" costs upstream, per zone (README.md beside this file, "Calls"): a preview
 * reads the zone's object and its records; the apply that follows within seconds reuses that read
 * (rights decided again), takes the audit's before from it and its after from the batch's answer, so
 * it sends the batch alone. A call that comes back (a re-read, the audit's reads) fails here.
 */
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
let cookie = ''
const zones = [SEED_ZONES.demo, SEED_ZONES.scripts]
const OLD = '198.18.41.7'
const NEW = '198.18.41.8'
const call = (method: string, path: string, body?: unknown) =>
  app.request(path, { method, headers: { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
const selection = { mode: 'search', q: OLD, field: 'content' } as const
const change = { action: 'replace', content: NEW } as const

beforeAll(async () => {
  app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
  const eb = await addPerson(store, 'eb', 'editor')
  cookie = await sessionCookie(app, 'eb', eb.password)
  // Seeded straight into the sandbox and indexed as the reader would: the dashboard has not asked for
  // these zones' names yet, so a lookup of one would show here.
  for (const z of zones) {
    const posts = [0, 1, 2].map((i) => ({ type: 'A', name: `calls-${i}.${z.name}`, content: OLD, ttl: 300, proxied: false }))
    const res = await sandbox.app.request(`/zones/${z.id}/dns_records/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posts }) })
    expect(res.status).toBe(200)
    const made = ((await res.json()) as { result: { posts: { id: string; name: string }[] } }).result.posts
    await store.recordIndex.replaceZone('sandbox', { zone_id: z.id, zone_name: z.name, account_id: DEMO_ACCOUNT.id }, made.map((r) => ({ record_id: r.id, type: 'A', name: r.name, content: OLD, proxied: 0, ttl: 300, comment: '', tags: '' })), Date.now())
  }
  // The accounts the deployment reaches (each zone is planned in its own): one list, kept 10 minutes, not a call per zone.
  expect((await call('GET', '/api/local/accounts')).status).toBe(200)
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  sandbox.close()
  await store.close()
})

describe('change them all: upstream calls per zone', () => {
  it('previews with two reads per zone and applies each zone with one read of its records and its batch (audit before and after included)', async () => {
    calls.length = 0
    const preview = ((await (await call('POST', '/api/local/search/replace/preview', { selection, change })).json()) as { result: ReplacePreview }).result
    expect(preview.records).toBe(6)
    expect(calls.toSorted()).toEqual(zones.flatMap((z) => [`GET /zones/${z.id}`, `GET /zones/${z.id}/dns_records`]).toSorted())
    for (const z of zones) {
      calls.length = 0
      const res = await call('POST', `/api/local/search/replace/zones/${z.id}`, { selection, change })
      const out = ((await res.json()) as { result: ReplaceZoneResult }).result
      expect(out.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok'])
      expect(calls).toEqual([`GET /zones/${z.id}/dns_records`, `POST /zones/${z.id}/dns_records/batch`])
      // The entry is whole all the same: its before is the three records as read, its after the batch's answer.
      const entry = await store.audit.get(out.audit_ids[0])
      expect(entry).toMatchObject({ zoneId: z.id, zoneName: z.name, outcome: 'success' })
      expect((entry!.before as { records: { content: string }[] }).records.map((r) => r.content)).toEqual([OLD, OLD, OLD])
      expect((entry!.after as { puts: { content: string }[] }).puts.map((r) => r.content)).toEqual([NEW, NEW, NEW])
    }
  })

  it('reads again when there was no preview (or it was used): the zone, its records, then the batch', async () => {
    const back = { action: 'replace', content: OLD } as const
    const sel = { mode: 'search', q: NEW, field: 'content' } as const
    const z = zones[0]
    calls.length = 0
    const res = await call('POST', `/api/local/search/replace/zones/${z.id}`, { selection: sel, change: back })
    expect(((await res.json()) as { result: ReplaceZoneResult }).result.outcome).toBe('applied')
    expect(calls).toEqual([`GET /zones/${z.id}`, `GET /zones/${z.id}/dns_records`, `POST /zones/${z.id}/dns_records/batch`])
  })

  it('reads again when the dashboard wrote to the zone since the preview: the apply plans on the records as they are now', async () => {
    const z = zones[1]
    await call('POST', '/api/local/search/replace/preview', { selection: { mode: 'search', q: NEW, field: 'content' }, change: { action: 'replace', content: OLD } })
    // Someone edits one of the records through the dashboard meanwhile (its TTL).
    const listed = ((await (await call('GET', `/api/v4/zones/${z.id}/dns_records?name=calls-0.${z.name}`)).json()) as { result: { id: string }[] }).result
    expect((await call('PATCH', `/api/v4/zones/${z.id}/dns_records/${listed[0].id}`, { ttl: 600 })).status).toBe(200)
    calls.length = 0
    const res = await call('POST', `/api/local/search/replace/zones/${z.id}`, { selection: { mode: 'search', q: NEW, field: 'content' }, change: { action: 'replace', content: OLD } })
    const out = ((await res.json()) as { result: ReplaceZoneResult }).result
    expect(calls).toEqual([`GET /zones/${z.id}`, `GET /zones/${z.id}/dns_records`, `POST /zones/${z.id}/dns_records/batch`])
    // The edit is kept (the batch carries the record as read after it) and is the entry's before.
    const entry = await store.audit.get(out.audit_ids[0])
    expect((entry!.before as { records: { id: string; ttl: number }[] }).records.find((r) => r.id === listed[0].id)?.ttl).toBe(600)
    expect((entry!.after as { puts: { id: string; ttl: number }[] }).puts.find((r) => r.id === listed[0].id)?.ttl).toBe(600)
  })
})
