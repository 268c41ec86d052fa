import type { SeedContext } from '../module'
import { stableId } from '../ids'
import { DEMO_ACCOUNT, SEED_ZONES } from '../seed-ids'

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

const plans = {
  free: {
    id: '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    name: 'Free Website',
    price: 0,
    currency: 'USD',
    frequency: '',
    is_subscribed: false,
    can_subscribe: false,
    legacy_id: 'free',
    legacy_discount: false,
    externally_managed: false,
  },
  pro: {
    id: '94f3b7b768b0458b56d2cac4fe5ec0f9',
    name: 'Pro Website',
    price: 20,
    currency: 'USD',
    frequency: 'monthly',
    is_subscribed: true,
    can_subscribe: true,
    legacy_id: 'pro',
    legacy_discount: false,
    externally_managed: false,
  },
  business: {
    id: '6d7f2f5f5b1d4a0e826680b8c53d4d3c',
    name: 'Business Website',
    price: 200,
    currency: 'USD',
    frequency: 'monthly',
    is_subscribed: true,
    can_subscribe: true,
    legacy_id: 'business',
    legacy_discount: false,
    externally_managed: false,
  },
}

export const FREE_PLAN = plans.free
export const PRO_PLAN = plans.pro

export function seedZones({ db, now }: SeedContext): void {
  const t = now()
  db.prepare('INSERT INTO accounts (id, name) VALUES (?, ?)').run(DEMO_ACCOUNT.id, DEMO_ACCOUNT.name)
  const insert = db.prepare(`INSERT INTO zones
    (id, name, status, type, paused, account_id, plan, name_servers, original_name_servers, original_registrar,
     original_dnshost, development_mode, created_on, modified_on, activated_on)
    VALUES (@id, @name, @status, 'full', 0, @account_id, @plan, @ns, @orig_ns, @registrar, @dnshost, 0, @created, @modified, @activated)`)
  const rows = [
    {
      z: SEED_ZONES.demo,
      status: 'active',
      plan: plans.pro,
      ns: ['ada.ns.cloudflare.com', 'ivan.ns.cloudflare.com'],
      created: 420,
      activated: 419,
      registrar: 'Gandi SAS',
    },
    {
      z: SEED_ZONES.large,
      status: 'active',
      plan: plans.business,
      ns: ['kate.ns.cloudflare.com', 'rob.ns.cloudflare.com'],
      created: 900,
      activated: 898,
      registrar: 'Namecheap, Inc.',
    },
    {
      z: SEED_ZONES.scripts,
      status: 'active',
      plan: plans.business,
      ns: ['lara.ns.cloudflare.com', 'todd.ns.cloudflare.com'],
      created: 300,
      activated: 300,
      registrar: 'GoDaddy.com, LLC',
    },
    {
      z: SEED_ZONES.pending,
      status: 'pending',
      plan: plans.free,
      ns: ['amy.ns.cloudflare.com', 'hugo.ns.cloudflare.com'],
      created: 2,
      activated: null,
      registrar: 'Porkbun LLC',
    },
    {
      z: SEED_ZONES.moved,
      status: 'moved',
      plan: plans.free,
      ns: ['beth.ns.cloudflare.com', 'sam.ns.cloudflare.com'],
      created: 1500,
      activated: 1499,
      registrar: 'Tucows Domains Inc.',
    },
  ]
  for (const r of rows) {
    insert.run({
      id: r.z.id,
      name: r.z.name,
      status: r.status,
      account_id: DEMO_ACCOUNT.id,
      plan: JSON.stringify(r.plan),
      ns: JSON.stringify(r.ns),
      orig_ns: JSON.stringify(['ns1.registrar-dns.net', 'ns2.registrar-dns.net']),
      registrar: r.registrar,
      dnshost: null,
      created: daysAgo(t, r.created),
      modified: daysAgo(t, Math.min(r.created, 10)),
      activated: r.activated === null ? null : daysAgo(t, r.activated),
    })
  }
}

/** `SANDBOX_SEED=large`: zones of the large account, on top of the demo data (`team-00001.example.net` …). */
export const LARGE_ACCOUNT_ZONES = 20_000
export const largeAccountZoneName = (n: number) => `team-${String(n).padStart(5, '0')}.example.net`
export const largeAccountZoneId = (n: number) => stableId(`zone:${largeAccountZoneName(n)}`)

/** Writes the large account's zones (plain active Free zones, no records) into the demo account. */
export function seedLargeAccount({ db, now }: Pick<SeedContext, 'db' | 'now'>): void {
  const t = now()
  const insert = db.prepare(`INSERT OR IGNORE INTO zones
    (id, name, status, type, paused, account_id, plan, name_servers, original_name_servers, original_registrar,
     original_dnshost, development_mode, created_on, modified_on, activated_on)
    VALUES (?, ?, 'active', 'full', 0, ?, ?, ?, NULL, NULL, NULL, 0, ?, ?, ?)`)
  const plan = JSON.stringify(plans.free)
  const ns = JSON.stringify(['dana.ns.cloudflare.com', 'igor.ns.cloudflare.com'])
  for (let n = 1; n <= LARGE_ACCOUNT_ZONES; n++) {
    const created = daysAgo(t, 30 + (n % 700))
    insert.run(largeAccountZoneId(n), largeAccountZoneName(n), DEMO_ACCOUNT.id, plan, ns, created, created, created)
  }
}

/** True when the large account's zones are in (its last zone is). */
export const hasLargeAccount = (db: SeedContext['db']) =>
  db.prepare('SELECT 1 FROM zones WHERE id = ?').get(largeAccountZoneId(LARGE_ACCOUNT_ZONES)) !== undefined
