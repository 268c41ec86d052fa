import { describe, expect, it } from 'vitest'
import { isMalicious } from '../../../shared/page-shield/malicious'
import { SEED_ZONES } from '../seed-ids'
import { SCALE_SCRIPT_COUNT } from './seed-scale'
import { pageShieldTestApp } from '../../../testing/server/page-shield-app'

const { app, db } = pageShieldTestApp()
const demo = SEED_ZONES.demo.id
const count = (sql: string, ...p: unknown[]) => (db.prepare(sql).get(...p) as { n: number }).n

describe('page security seed', () => {
  it('gives the demo zone ~300 scripts, ~100 connections, 60 cookies and 3 policies', () => {
    expect(count('SELECT COUNT(*) n FROM page_shield_scripts WHERE zone_id = ?', demo)).toBeGreaterThanOrEqual(280)
    expect(count('SELECT COUNT(*) n FROM page_shield_connections WHERE zone_id = ?', demo)).toBeGreaterThanOrEqual(95)
    expect(count('SELECT COUNT(*) n FROM page_shield_cookies WHERE zone_id = ?', demo)).toBe(60)
    expect(count('SELECT COUNT(*) n FROM page_shield_policies WHERE zone_id = ?', demo)).toBe(3)
  })

  it('has about ten malicious scripts by the integrity rule, some reported by threat feeds, some with changing versions', () => {
    const scores = db.prepare('SELECT js_integrity_score s FROM page_shield_scripts WHERE zone_id = ?').all(demo) as {
      s: number | null
    }[]
    expect(scores.filter((r) => isMalicious(r.s)).length).toBe(10)
    expect(
      count(
        'SELECT COUNT(*) n FROM page_shield_scripts WHERE zone_id = ? AND (url_reported_malicious = 1 OR domain_reported_malicious = 1)',
        demo,
      ),
    ).toBeGreaterThanOrEqual(5)
    expect(
      count(
        `SELECT COUNT(*) n FROM (SELECT script_id FROM page_shield_script_versions v JOIN page_shield_scripts s ON s.id = v.script_id
      WHERE s.zone_id = ? GROUP BY script_id HAVING COUNT(DISTINCT v.js_integrity_score) > 1)`,
        demo,
      ),
    ).toBeGreaterThanOrEqual(8)
    for (const status of ['infrequent', 'inactive'])
      expect(count('SELECT COUNT(*) n FROM page_shield_scripts WHERE zone_id = ? AND status = ?', demo, status)).toBeGreaterThan(
        10,
      )
  })

  it('gives the scale zone 20,000 scripts and answers its first page', async () => {
    expect(count('SELECT COUNT(*) n FROM page_shield_scripts WHERE zone_id = ?', SEED_ZONES.scripts.id)).toBe(SCALE_SCRIPT_COUNT)
    const r = await app.request(`/zones/${SEED_ZONES.scripts.id}/page_shield/scripts?per_page=50&prioritize_malicious=true`)
    const json = await r.json()
    expect(json.result).toHaveLength(50)
    expect(isMalicious(json.result[0].js_integrity_score)).toBe(true)
    expect(json.result_info.total_count).toBeGreaterThan(10_000)
  })
})
