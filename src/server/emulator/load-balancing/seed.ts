import type { SeedContext } from '../module'
import { DEMO_ACCOUNT } from '../seed-ids'
import { rng as makeRng, stableId } from '../ids'

/** Pools of the demo account: more than five pages of the PATCH's default 25. */
export const SEED_POOL_COUNT = 130

/** The legacy addresses seeded on pools (several distinct ones, some pools list two). */
export const SEED_POOL_EMAILS = [
  'noc@acme.example',
  'oncall@acme.example',
  'web-team@acme.example',
  'payments-alerts@acme.example',
  'sre@acme.example',
] as const

const regions = ['us-east', 'us-west', 'eu-central', 'eu-west', 'ap-south', 'ap-northeast', 'sa-east']
const services = ['web', 'api', 'checkout', 'media', 'auth', 'search', 'static', 'ws', 'admin', 'reports']
const checkRegions = ['WNAM', 'ENAM', 'WEU', 'EEU', 'SEAS', 'NEAS', 'SSAM']
const monitors = [stableId('monitor:http'), stableId('monitor:https'), stableId('monitor:tcp')]

/** The legacy e-mail of seeded pool i: 1 in 8 has none, about 1 in 6 of the others lists two addresses. */
function legacyEmail(i: number, r: ReturnType<typeof makeRng>): string {
  if (i % 8 === 3) return ''
  const first = r.pick(SEED_POOL_EMAILS)
  if (r.chance(0.17)) {
    const second = SEED_POOL_EMAILS[(SEED_POOL_EMAILS.indexOf(first) + 1) % SEED_POOL_EMAILS.length]
    return i % 2 === 0 ? `${first},${second}` : `${first}, ${second}`
  }
  return first
}

export function seedLoadBalancing({ db, now }: SeedContext): void {
  // Own generator: this seed stays the same whatever other modules draw before it.
  const r = makeRng(9_130)
  const insert = db.prepare(`INSERT INTO lb_pools
    (id, account_id, name, description, enabled, minimum_origins, monitor, origins, notification_email,
     check_regions, created_on, modified_on)
    VALUES (@id, @account_id, @name, @description, @enabled, 1, @monitor, @origins, @email, @check_regions, @created, @created)`)
  const t = now().getTime()
  for (let i = 0; i < SEED_POOL_COUNT; i++) {
    const region = regions[i % regions.length]
    const service = services[Math.floor(i / regions.length) % services.length]
    const name = `${region}-${service}-${String(Math.floor(i / (regions.length * services.length)) + 1).padStart(2, '0')}`
    const originCount = r.int(1, 3)
    const origins = Array.from({ length: originCount }, (_, k) => ({
      name: `${name}-o${k + 1}`,
      address: r.chance(0.5) ? `192.0.2.${(i * 3 + k) % 250 + 1}` : `${service}-${k + 1}.${region}.origin.acme.example`,
      enabled: !(k === 2 && r.chance(0.3)),
      weight: 1,
    }))
    insert.run({
      id: stableId(`pool:${i}`),
      account_id: DEMO_ACCOUNT.id,
      name,
      description: `${service} servers in ${region}`,
      enabled: i % 11 === 10 ? 0 : 1,
      monitor: r.pick(monitors),
      origins: JSON.stringify(origins),
      email: legacyEmail(i, r),
      check_regions: JSON.stringify([r.pick(checkRegions)]),
      created: new Date(t - (700 - i) * 86_400_000).toISOString(),
    })
  }
  // One policy of another alert type, so the policy list is not empty and the migration
  // has to look at alert types (it does not cover any legacy address).
  db.prepare(`INSERT INTO alerting_policies (id, account_id, name, description, alert_type, enabled, alert_interval,
    filters, mechanisms, created, modified) VALUES (?, ?, ?, ?, ?, 1, NULL, ?, ?, ?, ?)`).run(
    '2f3a4c5e1b2d4e6f8a9b0c1d2e3f4a5b',
    DEMO_ACCOUNT.id,
    'Pool enabled or disabled',
    'Tells the network team when someone toggles a pool.',
    'load_balancing_pool_enablement_alert',
    JSON.stringify({ pool_id: [stableId('pool:0'), stableId('pool:1')], enabled: ['true', 'false'] }),
    JSON.stringify({ email: [{ id: 'network@acme.example' }] }),
    new Date(t - 30 * 86_400_000).toISOString(),
    new Date(t - 30 * 86_400_000).toISOString(),
  )
}
