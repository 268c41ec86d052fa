import { rng, stableId } from '../ids'
import type { Db } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { seedTools, sha256 } from './seed'
import { pageShieldWriter } from './writer'

const WORDS = [
  'pixel',
  'stat',
  'tag',
  'edge',
  'fast',
  'shop',
  'cart',
  'promo',
  'review',
  'chat',
  'pay',
  'fonts',
  'media',
  'img',
  'track',
  'metrics',
  'insight',
  'widget',
  'cloud',
  'lens',
  'beacon',
  'boost',
  'spark',
  'nova',
]
const TLDS = ['com', 'net', 'io', 'co', 'app']
const SUBS = ['cdn', 'static', 'js', 'assets', 't']
const DIRS = ['js', 'static/js', 'lib', 'dist', 'v2', 'sdk', 'widgets', 'assets/build']
const NAMES = [
  'main',
  'bundle',
  'loader',
  'embed',
  'tracker',
  'widget',
  'sdk',
  'vendor',
  'runtime',
  'analytics',
  'consent',
  'reviews',
]

export const SCALE_SCRIPT_COUNT = 20_000

/**
 * shop-scale.io: 20,000 scripts from ~600 hosts seen on ~300 pages, written in one pass with prepared
 * statements (the reset runs inside a transaction). About 0.3% are malicious by the integrity rule.
 * `count`: only the first that many of them (the same ones: one random sequence), for a test whose
 * property holds at any size past a few list pages.
 */
export function seedPageShieldScale(db: Db, now: Date, count = SCALE_SCRIPT_COUNT): void {
  const zone = SEED_ZONES.scripts
  const w = pageShieldWriter(db)
  const r = rng(9001)
  const { ago, lastSeenDays, versions } = seedTools(now, r)

  const hosts: string[] = ['www.shop-scale.io', 'static.shop-scale.io']
  for (const a of WORDS)
    for (const b of WORDS) if (a !== b && r.chance(0.25)) hosts.push(`${r.pick(SUBS)}.${a}${b}.${r.pick(TLDS)}`)
  const pages: string[] = []
  for (let i = 0; i < 300; i++) {
    const kind = r.int(0, 3)
    pages.push(
      kind === 0
        ? `www.shop-scale.io/c/${r.pick(WORDS)}/${r.int(1, 40)}`
        : kind === 1
          ? `www.shop-scale.io/p/sku-${10000 + i}`
          : kind === 2
            ? `m.shop-scale.io/p/sku-${10000 + i}`
            : `www.shop-scale.io/checkout/step-${r.int(1, 4)}`,
    )
  }

  for (let i = 0; i < count; i++) {
    const host = hosts[Math.floor(r.next() * hosts.length)]
    const url = `https://${host}/${r.pick(DIRS)}/${r.pick(NAMES)}-${i.toString(36)}.js`
    const roll = r.next()
    const status = roll < 0.7 ? 'active' : roll < 0.85 ? 'infrequent' : 'inactive'
    const firstDays = 1 + r.next() * 365
    const last = Math.min(firstDays, lastSeenDays(status))
    const malicious = r.chance(0.003)
    const js = malicious ? r.int(1, 9) : r.int(12, 99)
    const history = r.chance(0.1)
      ? [[Math.min(99, js + r.int(0, 30)), r.int(60, 99), r.int(60, 99), r.int(85, 99)] as [number, number, number, number]]
      : []
    const n = r.int(1, 3)
    const seenOn: string[] = []
    for (let p = 0; p < n; p++) seenOn.push(pages[Math.floor(r.next() * pages.length)])
    w.script({
      id: stableId(`ps-script:${zone.name}:${i}`),
      zone_id: zone.id,
      url,
      page_urls: [...new Set(seenOn)],
      status,
      added_at: ago(firstDays - 0.0001),
      first_seen_at: ago(firstDays),
      last_seen_at: ago(last),
      url_reported_malicious: malicious && r.chance(0.5),
      domain_reported_malicious: malicious && r.chance(0.3),
      malicious_url_categories: malicious ? ['Malware'] : [],
      versions: versions(
        `${url}:${sha256(String(i)).slice(0, 6)}`,
        [...history, [js, r.int(60, 99), malicious ? r.int(1, 20) : r.int(60, 99), r.int(85, 99)]],
        firstDays,
        last,
      ),
    })
  }
  w.finishScripts(zone.id)
  w.settings(zone.id, { enabled: true, reporting: true, urlPath: true, updatedAt: ago(200) })
}
