import type { SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { rng as makeRng, stableId } from '../ids'
import type { FirewallAction } from '../../../shared/schemas/firewall'

/** How many rules the demo zone starts with: more than one page, enough to need batched deletes. */
export const SEED_FIREWALL_RULE_COUNT = 120

interface Template {
  action: FirewallAction
  description: (n: string) => string
  expression: (n: string) => string
  products?: string[]
}

const countries = ['CN', 'RU', 'KP', 'IR', 'BR', 'VN', 'IN', 'NG', 'UA', 'TR']
const paths = ['/wp-login.php', '/xmlrpc.php', '/admin', '/api/v1/login', '/checkout', '/.env', '/phpmyadmin', '/graphql']
const agents = ['curl', 'python-requests', 'Go-http-client', 'sqlmap', 'masscan', 'zgrab', 'Nikto', 'HeadlessChrome']

const templates: Template[] = [
  { action: 'block', description: (n) => `Block ${n} scanners`, expression: (n) => `(http.user_agent contains "${n}")` },
  { action: 'block', description: (n) => `Block probes of ${n}`, expression: (n) => `(http.request.uri.path eq "${n}")` },
  { action: 'challenge', description: (n) => `Challenge visitors from ${n}`, expression: (n) => `(ip.geoip.country eq "${n}")` },
  { action: 'js_challenge', description: (n) => `JS challenge on ${n}`, expression: (n) => `(http.request.uri.path contains "${n}" and not cf.client.bot)` },
  { action: 'managed_challenge', description: (n) => `Managed challenge for threat score above ${n}`, expression: (n) => `(cf.threat_score gt ${n})` },
  { action: 'allow', description: (n) => `Allow office network ${n}`, expression: (n) => `(ip.src in {${n}})` },
  { action: 'log', description: (n) => `Log requests to ${n}`, expression: (n) => `(http.request.uri.path wildcard "${n}*")` },
  { action: 'bypass', description: (n) => `Bypass WAF for partner ${n}`, expression: (n) => `(http.host eq "${n}")`, products: ['waf', 'rateLimit'] },
]

const subjectFor = (action: FirewallAction, i: number, pick: <T>(a: readonly T[]) => T, int: (a: number, b: number) => number): string => {
  switch (action) {
    case 'challenge':
      return pick(countries)
    case 'managed_challenge':
      return String(int(5, 60))
    case 'allow':
      return `198.51.${i % 256}.0/24`
    case 'bypass':
      return `partner${i}.example.com`
    case 'block':
      return i % 2 === 0 ? pick(agents) : pick(paths)
    default:
      return pick(paths)
  }
}

/** ~120 rules on example.com with every action, a filter each, priorities (some null) and a few paused. */
export function seedFirewall({ db, now }: SeedContext): void {
  // Own generator: this seed stays the same whatever other modules draw before it.
  const rng = makeRng(8_120)
  const zoneId = SEED_ZONES.demo.id
  const insertFilter = db.prepare(
    'INSERT INTO firewall_filters (id, zone_id, expression, paused, description, ref) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const insertRule = db.prepare(`INSERT INTO firewall_rules
    (id, zone_id, action, paused, description, priority, products, ref, filter_id, created_on, modified_on)
    VALUES (@id, @zone_id, @action, @paused, @description, @priority, @products, @ref, @filter_id, @created, @modified)`)
  const t = now().getTime()
  for (let i = 0; i < SEED_FIREWALL_RULE_COUNT; i++) {
    const tpl = templates[i % templates.length]
    const subject = subjectFor(tpl.action, i, rng.pick, rng.int)
    const description = `${tpl.description(subject)} #${String(i + 1).padStart(3, '0')}`
    const filterId = stableId(`firewall-filter:${i}`)
    insertFilter.run(filterId, zoneId, tpl.expression(subject), 0, description, `FLT-${i + 1}`)
    const created = new Date(t - (400 - i * 3) * 86_400_000).toISOString()
    insertRule.run({
      id: stableId(`firewall-rule:${i}`),
      zone_id: zoneId,
      action: tpl.action,
      paused: rng.chance(0.12) ? 1 : 0,
      description,
      // Every seventh rule has no priority (it runs after the prioritised ones).
      priority: i % 7 === 6 ? null : rng.int(1, 5000),
      products: tpl.products ? JSON.stringify(tpl.products) : null,
      ref: `RULE-${i + 1}`,
      filter_id: filterId,
      created,
      modified: created,
    })
  }
}
