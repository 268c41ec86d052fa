import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { registerLocalRoutes } from '.'
import { SEED_ZONES } from '../emulator/seed-ids'
import { emulatorForward } from '../doors/sandbox-door'
import { seededSandbox } from '../../testing/seeded-sandbox'
import { storeBackends } from '../../testing/store-backends'

// While the script index of shop-scale.io (20,000 scripts) is built for the first time, the
// review filters and counts say how far it is ("8,000 of 20,000") and never give a partial count.
const ZONE = SEED_ZONES.scripts.id
const BASE = `/api/local/zones/${ZONE}/page-shield/script-index`
const sandbox = seededSandbox('zk-script-index-progress-')

const { backends } = storeBackends('zk-script-index-progress-store-')

describe.each(backends)('first script index build on $name', ({ skip, open }) => {
  it.skipIf(skip)(
    'answers 202 with its progress until the whole zone is read, refuses the CSV meanwhile, then gives exact counts',
    async () => {
      const store = await open()
      const app = new Hono()
      registerLocalRoutes(app, { store, scriptIndex: { forward: emulatorForward(sandbox.emulator()), mode: 'sandbox', firstBuildWaitMs: 0 } })
      const seenWhileBuilding: { seen: number; total: number }[] = []
      let csvRefused = false
      let answer: { counts: { total: number; new: number; malicious: number }; total_count: number } | undefined
      for (let i = 0; i < 600 && !answer; i++) {
        const r = await app.request(`${BASE}?review=needs`)
        const body = await r.json()
        if (r.status === 202) {
          expect(Object.keys(body.result)).toEqual(['building'])
          seenWhileBuilding.push(body.result.building)
          if (!csvRefused) {
            const csv = await app.request(`${BASE}/export.csv`)
            expect(csv.status).toBe(409)
            expect((await csv.json()).errors[0].message).toMatch(/still indexing this zone's scripts \([\d,]+ of [\w\s,]+ read\): nothing was exported/)
            csvRefused = true
          }
          await new Promise((res) => setTimeout(res, 100))
        } else {
          expect(r.status).toBe(200)
          answer = body.result
        }
      }
      expect(csvRefused).toBe(true)
      // Progress went up, and was of the whole list (20,000 scripts of every status).
      const partial = seenWhileBuilding.filter((b) => b.seen > 0 && b.seen < b.total)
      expect(partial.length).toBeGreaterThan(0)
      expect(partial.every((b) => b.total === 20_000)).toBe(true)
      // Up, never down: one build from start to end (a second first build would start over from 100).
      expect(partial.map((b) => b.seen)).toEqual([...partial.map((b) => b.seen)].sort((a, b) => a - b))
      // Once built, the counts are whole.
      expect(answer!.counts).toMatchObject({ total: 13_801, new: 13_801, malicious: 60 })
      expect(answer!.total_count).toBe(13_801)
      await store.close()
    },
    300_000,
  )
})
