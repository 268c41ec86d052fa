import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import type { Emulator } from '../emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { ReplaceSelection, ReplaceZoneResult } from '../../shared/schemas/record-replace'

/**
 * Two people applying "change them all" to the same zone at once, on the real store: each zone's
 * apply is reserved in the store before its records are read (zone-reservation.ts), so the second
 * plans on what the first left; each gets a line per record, and the zone ends in one of the two states.
 */
const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
const cookie: Record<string, string> = {}
const demo = SEED_ZONES.demo

const call = (who: string, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { cookie: cookie[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

beforeAll(async () => {
  emulator = memoryEmulator({ scaleZones: false })
  app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
  for (const name of ['ann', 'bob']) cookie[name] = await sessionCookie(app, name, (await addPerson(store, name, name === 'ann' ? 'admin' : 'editor')).password)
  await store.recordIndex.putZones('sandbox', [{ zone_id: demo.id, zone_name: demo.name, account_id: DEMO_ACCOUNT.id }], Date.now())
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  emulator.close()
  await store.close()
})

/** Three records at `at`, made through the dashboard; their ids. */
async function three(prefix: string, at: string): Promise<string[]> {
  const ids: string[] = []
  for (const n of [1, 2, 3]) {
    const res = await call('ann', 'POST', `/api/v4/zones/${demo.id}/dns_records`, { type: 'A', name: `${prefix}${n}.${demo.name}`, content: at, ttl: 300, proxied: false })
    expect(res.status).toBe(200)
    ids.push(((await res.json()) as { result: { id: string } }).result.id)
  }
  await searchOf(app).settled()
  return ids
}
const records = async (prefix: string) => {
  const res = await call('ann', 'GET', `/api/v4/zones/${demo.id}/dns_records?per_page=500`)
  return ((await res.json()) as { result: { id: string; name: string; content: string }[] }).result.filter((r) => r.name.startsWith(prefix))
}
const apply = async (who: string, selection: ReplaceSelection, change: unknown) => {
  const res = await call(who, 'POST', `/api/local/search/replace/zones/${demo.id}`, { selection, change })
  const text = await res.text()
  return { status: res.status, text, result: res.ok ? (JSON.parse(text) as { result: ReplaceZoneResult }).result : undefined }
}

const entry = async (id: number) => (await store.audit.get(id))!

describe('two people replacing in the same zone at once (the zone reserved in the store)', () => {
  it('same records, different values: both applied one after the other, the second planned on what the first left', async () => {
    const ids = await three('same', '203.0.113.10')
    const selection = { mode: 'records', records: ids.map((id) => ({ zone_id: demo.id, id })) } as const
    const [a, b] = await Promise.all([apply('ann', selection, { action: 'replace', content: '203.0.113.11' }), apply('bob', selection, { action: 'replace', content: '203.0.113.12' })])
    for (const x of [a, b]) {
      expect(x.status, x.text).toBe(200)
      expect(x.result!.outcome).toBe('applied')
      expect(x.result!.records.map((r) => [r.id, r.status]).toSorted()).toEqual(ids.map((id) => [id, 'ok']).toSorted())
      expect(x.result!.audit_ids).toHaveLength(1)
    }
    const [first, second] = [a, b].toSorted((x, y) => x.result!.audit_ids[0] - y.result!.audit_ids[0])
    const later = await entry(second.result!.audit_ids[0])
    const earlier = await entry(first.result!.audit_ids[0])
    expect(earlier.outcome).toBe('success')
    expect(later.outcome).toBe('success')
    // The second's before is what the first wrote (it read the zone after it), not the records as both first found them.
    const firstValue = first === a ? '203.0.113.11' : '203.0.113.12'
    const secondValue = first === a ? '203.0.113.12' : '203.0.113.11'
    expect(JSON.stringify(later.before)).toContain(firstValue)
    expect(JSON.stringify(later.before)).not.toContain('203.0.113.10')
    // The zone ends in the second's state, every record in it.
    const now = await records('same')
    expect(now.map((r) => r.id).toSorted()).toEqual(ids.toSorted())
    expect(new Set(now.map((r) => r.content))).toEqual(new Set([secondValue]))
  })

  it('one deletes what the other edits: no 500, a line per record each, and the zone in one of the two states', async () => {
    for (const [deleter, editor] of [['ann', 'bob'], ['bob', 'ann']] as const) {
      const prefix = `del-${deleter}`
      const ids = await three(prefix, '203.0.113.20')
      const selection = { mode: 'records', records: ids.map((id) => ({ zone_id: demo.id, id })) } as const
      const [del, edit] = await Promise.all([apply(deleter, selection, { action: 'delete' }), apply(editor, selection, { action: 'replace', content: '203.0.113.21' })])
      for (const x of [del, edit]) {
        expect(x.status, x.text).toBe(200)
        expect(x.result!.records.map((r) => r.id).toSorted()).toEqual(ids.toSorted())
      }
      // The delete always goes through (whatever the records hold then); its before is what it deleted.
      expect(del.result!.outcome).toBe('applied')
      const deleted = await entry(del.result!.audit_ids[0])
      expect(deleted.outcome).toBe('success')
      expect(await records(prefix)).toEqual([])
      if (edit.result!.outcome === 'applied') {
        // The edit went first: the delete read its values.
        expect(edit.result!.audit_ids[0]).toBeLessThan(del.result!.audit_ids[0])
        expect(JSON.stringify(deleted.before)).toContain('203.0.113.21')
        expect(JSON.stringify(deleted.before)).not.toContain('203.0.113.20')
      } else {
        // The delete went first: the edit found the records gone, said so per record, and sent nothing.
        expect(edit.result!.outcome).toBe('nothing')
        expect(edit.result!.audit_ids).toEqual([])
        expect(edit.result!.records.every((r) => r.status === 'skipped' && /No longer there/.test(r.message ?? ''))).toBe(true)
      }
    }
  })

  it('"every match", both changing every match: the second finds none left and says why, sending nothing (never a 404)', async () => {
    const ids = await three('every', '203.0.113.30')
    const selection = { mode: 'search', q: '203.0.113.30', field: 'content' } as const
    const [a, b] = await Promise.all([apply('ann', selection, { action: 'replace', content: '203.0.113.31' }), apply('bob', selection, { action: 'replace', content: '203.0.113.32' })])
    for (const x of [a, b]) expect(x.status, x.text).toBe(200)
    const [first, second] = a.result!.outcome === 'applied' ? [a, b] : [b, a]
    expect(first.result!.records.map((r) => [r.id, r.status]).toSorted()).toEqual(ids.map((id) => [id, 'ok']).toSorted())
    expect(second.result).toMatchObject({ outcome: 'nothing', audit_ids: [], change_request_id: null })
    // A line per record it still knew of, or the zone's own sentence: either way, why nothing was changed.
    const said = second.result!.records.length ? second.result!.records.map((r) => r.message).join(' ') : second.result!.message
    expect(said).toMatch(/no longer matching|matches the search any more/i)
    expect(new Set((await records('every')).map((r) => r.content))).toEqual(new Set([first === a ? '203.0.113.31' : '203.0.113.32']))
  })
})
