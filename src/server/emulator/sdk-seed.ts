import type { SeedContext } from './module'
import { SDK_ZONE_NAME, seedSdkObjects } from './sdk-fixtures'
import { DEMO_ACCOUNT } from './seed-ids'

/**
 * `SANDBOX_SEED=sdk`: the demo data plus the fixed ids the official SDK's generated test suite
 * uses (cloudflare-typescript `tests/api-resources/…`), so the suite can run against the sandbox
 * unchanged: `023e105f4ecef8ad9ca31a8372d0c353` as an account, a zone and a DNS record of it, and an
 * account literally named `account_id` (rulesets and log jobs). What the suite's bodies do with
 * them is then up to the same rules as every other request.
 */
export const SDK_FIXTURE_ID = '023e105f4ecef8ad9ca31a8372d0c353'
export const SDK_ACCOUNT_IDS = [SDK_FIXTURE_ID, 'account_id'] as const

export function seedSdkFixtures(ctx: SeedContext): void {
  const { db, now } = ctx
  const stamp = now().toISOString()
  for (const id of SDK_ACCOUNT_IDS)
    db.prepare('INSERT OR IGNORE INTO accounts (id, name) VALUES (?, ?)').run(id, `SDK fixtures (${id})`)
  const plan = (db.prepare('SELECT plan FROM zones WHERE account_id = ? LIMIT 1').get(DEMO_ACCOUNT.id) as { plan: string }).plan
  db.prepare(
    `INSERT OR IGNORE INTO zones (id, name, status, type, paused, account_id, plan, name_servers, original_name_servers,
    original_registrar, original_dnshost, development_mode, created_on, modified_on, activated_on)
    VALUES (?, ?, 'active', 'full', 0, ?, ?, ?, NULL, NULL, NULL, 0, ?, ?, ?)`,
  ).run(
    SDK_FIXTURE_ID,
    SDK_ZONE_NAME,
    SDK_FIXTURE_ID,
    plan,
    JSON.stringify(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']),
    stamp,
    stamp,
    stamp,
  )
  db.prepare(
    `INSERT OR IGNORE INTO dns_records (id, zone_id, type, name, content, proxied, proxiable, ttl, comment, tags,
    settings, meta, created_on, modified_on, search_text)
    VALUES (?, ?, 'A', ?, '198.51.100.4', 0, 1, 3600, NULL, '[]', '{}', '{}', ?, ?, ?)`,
  ).run(SDK_FIXTURE_ID, SDK_FIXTURE_ID, SDK_ZONE_NAME, stamp, stamp, `A ${SDK_ZONE_NAME} 198.51.100.4  []`)
  seedSdkObjects(ctx)
}
