import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ForwardRequest } from '../upstream'

/** Every call the dashboard sends upstream (the sandbox), as "METHOD path". */
const calls: string[] = []
vi.mock('../doors/sandbox-door', async (original) => {
  const real = await original<typeof import('../doors/sandbox-door')>()
  return {
    ...real,
    emulatorForward: (...args: Parameters<typeof real.emulatorForward>) => {
      const inner = real.emulatorForward(...args)
      return (req: ForwardRequest, c?: Parameters<typeof inner>[1]) => {
        calls.push(`${req.method} ${req.pathAndQuery.split('?')[0]}`)
        return inner(req, c)
      }
    },
  }
})

const { createApp, searchOf } = await import('../app')
const { DEMO_ACCOUNT, SEED_ZONES } = await import('../emulator/seed-ids')
const { createStore } = await import('../store')
const { memoryEmulator } = await import('../../testing/memory-emulator')
const { testConfig } = await import('../../testing/server')
const { addPerson, sessionCookie } = await import('../../testing/server/auth')
type ReplacePreview = import('../../shared/schemas/record-replace').ReplacePreview
type ReplaceZoneResult = import('../../shared/schemas/record-replace').ReplaceZoneResult

/**
 * What "change them all" costs upstream, per zone (README.md beside this file, "Calls"): a preview
 * reads the zone's object and its records; the apply that follows within seconds reuses that read
 * (rights decided again), takes the audit's before from it and its after from the batch's answer, so
 * it sends the batch alone. A call that comes back (a re-read, the audit's reads) fails here.
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = memoryEmulator()
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
  await store.recordIndex.putZones('sandbox', zones.map((z) => ({ zone_id: z.id, zone_name: z.name, account_id: DEMO_ACCOUNT.id })), Date.now())
  for (const z of zones) {
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', `/api/v4/zones/${z.id}/dns_records`, { type: 'A', name: `calls-${i}.${z.name}`, content: OLD, ttl: 300, proxied: false })
      expect(res.status).toBe(200)
    }
  }
  await searchOf(app).settled()
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  emulator.close()
  await store.close()
})

describe('change them all: upstream calls per zone', () => {
  it('previews with two reads per zone and applies each zone with its one batch (audit before and after included)', async () => {
    calls.length = 0
    const preview = ((await (await call('POST', '/api/local/search/replace/preview', { selection, change })).json()) as { result: ReplacePreview }).result
    expect(preview.records).toBe(6)
    expect(calls.toSorted()).toEqual(zones.flatMap((z) => [`GET /zones/${z.id}`, `GET /zones/${z.id}/dns_records`]).toSorted())
    for (const z of zones) {
      calls.length = 0
      const res = await call('POST', `/api/local/search/replace/zones/${z.id}`, { selection, change })
      const out = ((await res.json()) as { result: ReplaceZoneResult }).result
      expect(out.records.map((r) => r.status)).toEqual(['ok', 'ok', 'ok'])
      expect(calls).toEqual([`POST /zones/${z.id}/dns_records/batch`])
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
})
