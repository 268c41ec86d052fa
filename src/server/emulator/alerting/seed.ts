import { stableId } from '../ids'
import type { SeedContext } from '../module'
import { DEMO_ACCOUNT } from '../seed-ids'

export function seedAlerting({ db, now }: SeedContext): void {
  const t = now().getTime()
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
