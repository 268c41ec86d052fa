import { describe, expect, it } from 'vitest'
import { pageShieldTestApp } from '../../../testing/server/page-shield-app'
import type { Send } from '../../upstream'
import { readZone } from '../../watch/read-zone'
import { SEED_ZONES } from '../seed-ids'

interface PlanRow {
  id: number
  parent: number
  detail: string
}

describe("the sandbox reads a zone's every script in index order", () => {
  it("pages the script watch's read (all statuses, /cdn-cgi/ paths and duplicates) without sorting the zone for each page", async () => {
    const { app, db } = pageShieldTestApp({ seed: 'demo' })
    // The statements the emulator prepares while the watch reads the zone.
    const prepared: string[] = []
    const prepare = db.prepare.bind(db)
    db.prepare = ((sql: string) => {
      prepared.push(sql)
      return prepare(sql)
    }) as typeof db.prepare
    const send: Send = async (req) => app.request(req.pathAndQuery)
    const reading = await readZone(send, SEED_ZONES.demo.id)
    db.prepare = prepare
    expect(reading.monitoring).toBe(true)
    expect(reading.scripts.length).toBeGreaterThan(0)

    const pages = prepared.filter((sql) => sql.includes('FROM page_shield_scripts') && sql.includes('LIMIT ? OFFSET ?'))
    expect(pages.length).toBeGreaterThan(0)
    for (const sql of pages) {
      const params = [SEED_ZONES.demo.id, 100, 0]
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as PlanRow[]
      // The page's rowids (the deferred join's co-routine) come from an index in the list's order: at
      // most ties of last_seen_at are sorted, never the whole zone (20,000 rows for each page of 100).
      const pick = plan.find((r) => r.detail.startsWith('CO-ROUTINE'))
      const inner = plan.filter((r) => pick && r.parent === pick.id).map((r) => r.detail)
      expect(inner.length, JSON.stringify(plan)).toBeGreaterThan(0)
      expect(inner.some((d) => /USING (COVERING )?INDEX/.test(d)), inner.join(' / ')).toBe(true)
      expect(inner, inner.join(' / ')).not.toContain('USE TEMP B-TREE FOR ORDER BY')
    }
  })
})
