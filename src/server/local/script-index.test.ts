import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { SEED_ZONES } from '../emulator/seed-ids'
import { testConfig } from '../../testing/server'
import { seededSandbox } from '../../testing/seeded-sandbox'
import { storeBackends } from '../../testing/store-backends'

// Review filters, counts and the CSV cover every script of shop-scale.io, not a sample; a reviewed
// script far down the list that changed is found. The zone holds the seed's first 3,000 scripts
// (2,076 active, 11 of them malicious), not its 20,000: what is proved here holds at any size past
// a few pages (30 pages of the API's list at 100, three of the CSV at 1,000, the changed script the
// oldest active one, pages past what a quick refresh reads), and nothing in the index changes with
// size (no cap below MAX_LIST_PAGES, every store call bounded by a page). Reading all 20,000 into
// each backend is script-index-progress.test.ts.
const ZONE = SEED_ZONES.scripts.id
const BASE = `/api/local/zones/${ZONE}/page-shield/script-index`
const SCRIPTS = 3_000
const ACTIVE = 2_076
const MALICIOUS = 11
const sandbox = seededSandbox('zk-script-index-', { scaleScripts: SCRIPTS })

const { backends } = storeBackends('zk-script-index-store-')

describe.each(backends)('script index on $name', ({ skip, open }) => {
  it.skipIf(skip)(
    'counts and filters the whole zone, finds a changed reviewed script far down, exports every row',
    async () => {
      const store = await open()
      const app = createApp({ config: testConfig({ dataDir: sandbox.dir }), emulator: sandbox.emulator(), store })
      const get = async (q: string) => {
        // 202 while the zone's first build runs (it says how far it is); then the whole answer.
        for (;;) {
          const r = await app.request(BASE + q)
          if (r.status !== 202) {
            expect(r.status).toBe(200)
            return (await r.json()).result
          }
          await new Promise((res) => setTimeout(res, 200))
        }
      }
      const first = await get('')
      expect(first.counts).toMatchObject({ total: ACTIVE, new: ACTIVE, changed: 0, malicious: MALICIOUS })
      expect(first.index.full_sweep_at).toBeGreaterThan(0)
      expect((await get('?malicious_only=true&per_page=100')).total_count).toBe(MALICIOUS)
      // Malicious of any status: the active ones and the infrequent / inactive ones the overview names.
      const any = await get('?status=active,infrequent,inactive&malicious_only=true')
      expect(any.total_count).toBeGreaterThan(MALICIOUS)

      // The oldest active script (last of them all by last sighting), reviewed; then its vendor changes
      // its code (the sandbox's copy of it), and the index's next refresh reads the new hash.
      const oldest = (await get('?order_by=last_seen_at&direction=asc&per_page=1')).items[0]
      const review = await app.request(`/api/local/zones/${ZONE}/page-shield/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
        body: JSON.stringify({ script_id: oldest.id, verdict: 'expected', note: 'Reviewed before the vendor changed it' }),
      })
      expect(review.status).toBe(201)
      sandbox.emulator().db.prepare('UPDATE page_shield_scripts SET hash = ? WHERE id = ?').run(randomBytes(32).toString('hex'), oldest.id)
      await get('?refresh=quick')
      const changed = await get('?review=changed')
      expect(changed.total_count).toBe(1)
      expect(changed.items.map((s: { id: string }) => s.id)).toEqual([oldest.id])
      expect(changed.counts).toMatchObject({ new: ACTIVE - 1, changed: 1, reviewed: 0 })
      expect((await get('?review=needs')).total_count).toBe(ACTIVE)
      expect((await get('?review=new')).total_count).toBe(ACTIVE - 1)

      const csv = await app.request(`${BASE}/export.csv`)
      expect(csv.status).toBe(200)
      const lines = (await csv.text()).trim().split('\r\n')
      expect(lines).toHaveLength(ACTIVE + 1)
      expect(lines.filter((l) => /,yes,(yes|no),/.test(l) && l.includes(',active,'))).toHaveLength(MALICIOUS)
      expect(lines.find((l) => l.endsWith(oldest.id))).toContain('changed since its review: its code changed since')

      expect((await app.request(`${BASE}?review=maybe`)).status).toBe(400)
      expect((await app.request(`/api/local/zones/nothex/page-shield/script-index`)).status).toBe(400)
      await store.close()
    },
    300_000,
  )

  it.skipIf(skip)('keeps a script marked "Investigate" in "Needs review", counted apart from the reviewed ones', async () => {
    const store = await open()
    const app = createApp({ config: testConfig({ dataDir: sandbox.dir }), emulator: sandbox.emulator(), store })
    const base = `/api/local/zones/${SEED_ZONES.demo.id}/page-shield/script-index`
    const get = async (q: string) => {
      for (;;) {
        const r = await app.request(base + q)
        if (r.status !== 202) {
          expect(r.status).toBe(200)
          return (await r.json()).result
        }
        await new Promise((res) => setTimeout(res, 100))
      }
    }
    const first = await get('?per_page=2')
    const [looked, pending] = first.items as { id: string }[]
    for (const [script, verdict] of [[looked, 'expected'], [pending, 'investigate']] as const) {
      const r = await app.request(`/api/local/zones/${SEED_ZONES.demo.id}/page-shield/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
        body: JSON.stringify({ script_id: script.id, verdict, note: verdict }),
      })
      expect(r.status).toBe(201)
    }
    const needs = await get('?review=needs&per_page=100')
    expect(needs.counts).toMatchObject({ total: first.counts.total, new: first.counts.total - 2, changed: 0, investigating: 1, reviewed: 1 })
    expect(needs.total_count).toBe(first.counts.total - 1)
    const ids = needs.items.map((s: { id: string }) => s.id)
    expect(ids).toContain(pending.id)
    expect(ids).not.toContain(looked.id)
    await store.close()
  })
})
