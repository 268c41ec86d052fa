import { stableId } from '../../server/emulator/ids'
import { SEED_ZONES } from '../../server/emulator/seed-ids'
import { pageShieldTestApp } from './page-shield-app'
import { pageShieldWriter, type ScriptInput, type VersionInput } from '../../server/emulator/page-shield/writer'

export const ZONE = SEED_ZONES.demo.id
const NOW = new Date('2026-03-01T12:00:00Z').getTime()
export const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString()

export const version = (score: number | null, hash = `h${score}`, days = 1): VersionInput => ({
  hash: hash.padEnd(64, '0'),
  fetched_at: daysAgo(days),
  js_integrity_score: score,
  malware_score: score === null ? null : 90,
  magecart_score: score === null ? null : 90,
  cryptomining_score: score === null ? null : 95,
})

type Fixture = Partial<ScriptInput> & { key: string; url: string }

/** A small, fully known set of scripts in the demo zone (nothing else seeded). */
export function scriptsApp(fixtures: Fixture[]) {
  const t = pageShieldTestApp({ seed: false })
  const w = pageShieldWriter(t.db)
  for (const f of fixtures) {
    w.script({
      id: stableId(`fixture:${f.key}`),
      zone_id: ZONE,
      page_urls: ['www.example.com/'],
      status: 'active',
      added_at: daysAgo(10),
      first_seen_at: daysAgo(10),
      last_seen_at: daysAgo(1),
      versions: [version(80, `h-${f.key}`)],
      ...f,
    })
  }
  w.finishScripts(ZONE)
  const get = async (path: string) => {
    const res = await t.app.request(path)
    return {
      status: res.status,
      headers: res.headers,
      text: await res.clone().text(),
      json: res.headers.get('content-type')?.includes('json') ? await res.json() : undefined,
    }
  }
  return { ...t, w, get, idOf: (key: string) => stableId(`fixture:${key}`) }
}
