import { insertRuleset, saveVersion, update } from './rulesets/owner'
import { stableId } from './ids'
import type { Db, SeedContext } from './module'
import { DEMO_ACCOUNT, SEED_ZONES } from './seed-ids'

export const SDK_ZONE_NAME = 'sdk-fixtures.example'

/**
 * The objects the SDK suite names by fixed id (a pool, a firewall rule, a certificate pack, page
 * security items, a notification policy, a log job, a user API token, an account ruleset with its rule, versions and
 * phase entry point). Each is a copy of a demo object, re-keyed to the suite's id and owner, so it
 * has the shape and the rules of any other object of its kind.
 */
export const SDK_IDS = {
  zone: '023e105f4ecef8ad9ca31a8372d0c353',
  pool: '17b5962d775c646f3f9725cbc7a53df4',
  firewallRule: '372e67954025e0ba6aaa6d586b9e0b60',
  alertingPolicy: '0da2b59ef118439d8097bdfb215203c9',
  ruleset: '2f2feab2026849078ba485f918791bdc',
  rule: '3a03d665bac047339bb530ecb439a90d',
  userToken: 'ed17574386854bf78a67040be0a770b0',
  logJob: 1,
  rulesetAccount: 'account_id',
} as const

type Row = Record<string, unknown>

/** Copies the first row matching `where` with `changes` applied; returns the source row (undefined: none). */
function cloneRow(db: Db, table: string, where: string, params: unknown[], changes: Row): Row | undefined {
  const source = db.prepare(`SELECT * FROM ${table} WHERE ${where} LIMIT 1`).get(...params) as Row | undefined
  if (!source) return undefined
  const row = { ...source, ...changes }
  const cols = Object.keys(row)
  db.prepare(`INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((k) => '@' + k).join(', ')})`).run(row)
  return source
}

/** Copies every child row of `parent` (its `fk` column) to `copy`, with fresh ids when `id` is a column. */
function cloneChildren(db: Db, table: string, fk: string, parent: unknown, copy: string, changes: Row = {}): void {
  const rows = db.prepare(`SELECT * FROM ${table} WHERE ${fk} = ?`).all(parent) as Row[]
  rows.forEach((r, i) => {
    const row: Row = {
      ...r,
      [fk]: copy,
      ...('id' in r && { id: stableId(`sdk:${table}:${copy}:${i}`) }),
      ...('zone_id' in r && { zone_id: SDK_IDS.zone }),
      ...changes,
    }
    const cols = Object.keys(row)
    db.prepare(`INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((k) => '@' + k).join(', ')})`).run(row)
  })
}

export function seedSdkObjects({ db, now }: SeedContext): void {
  const demo = SEED_ZONES.demo.id
  const zone = SDK_IDS.zone
  const account = SDK_IDS.zone // the suite's account id for pools and policies is the same hex
  cloneRow(db, 'lb_pools', 'account_id = ?', [DEMO_ACCOUNT.id], { id: SDK_IDS.pool, account_id: account })
  const policy = cloneRow(db, 'alerting_policies', 'account_id = ?', [DEMO_ACCOUNT.id], {
    id: SDK_IDS.alertingPolicy,
    account_id: account,
  })
  if (policy) {
    // It watches the account's own pool, not the demo account's.
    const filters = { ...(JSON.parse(policy.filters as string) as Record<string, string[]>), pool_id: [SDK_IDS.pool] }
    db.prepare('UPDATE alerting_policies SET filters = ? WHERE id = ?').run(JSON.stringify(filters), SDK_IDS.alertingPolicy)
  }

  const rule = cloneRow(db, 'firewall_rules', 'zone_id = ?', [demo], {
    id: SDK_IDS.firewallRule,
    zone_id: zone,
    filter_id: stableId('sdk:firewall-filter'),
  })
  if (rule) cloneRow(db, 'firewall_filters', 'id = ?', [rule.filter_id], { id: stableId('sdk:firewall-filter'), zone_id: zone })

  const hosts = JSON.stringify([SDK_ZONE_NAME, `*.${SDK_ZONE_NAME}`])
  // Its validation timed out, so the suite's edit (restart validation) applies to it.
  const pack = cloneRow(db, 'certificate_packs', "zone_id = ? AND type = 'advanced'", [demo], {
    id: zone,
    zone_id: zone,
    hosts,
    status: 'validation_timed_out',
  })
  if (pack) cloneChildren(db, 'certificate_pack_certificates', 'pack_id', pack.id, zone, { hosts })

  const script = cloneRow(db, 'page_shield_scripts', 'zone_id = ?', [demo], { id: zone, zone_id: zone })
  if (script) cloneChildren(db, 'page_shield_script_versions', 'script_id', script.id, zone)
  cloneRow(db, 'page_shield_connections', 'zone_id = ?', [demo], { id: zone, zone_id: zone })
  cloneRow(db, 'page_shield_cookies', 'zone_id = ?', [demo], { id: zone, zone_id: zone })
  cloneRow(db, 'page_shield_policies', 'zone_id = ?', [demo], { id: zone, zone_id: zone })
  cloneRow(db, 'page_shield_settings', 'zone_id = ?', [demo], { zone_id: zone })

  // A record the DNS scan found and nobody reviewed yet (the suite rejects it by id).
  db.prepare(
    `INSERT OR IGNORE INTO dns_scan_results (id, zone_id, type, name, content, priority, found_on)
    VALUES (?, ?, 'A', ?, '198.51.100.9', NULL, ?)`,
  ).run(zone, zone, `ftp.${SDK_ZONE_NAME}`, now().toISOString())

  cloneRow(db, 'logpush_jobs', 'zone_id = ?', [demo], { id: SDK_IDS.logJob, zone_id: null, account_id: SDK_IDS.rulesetAccount })
  cloneRow(db, 'user_tokens', '1 = 1', [], { id: SDK_IDS.userToken, name: 'SDK fixtures token' })
  seedAccountRuleset(db, now().toISOString())
}

/**
 * The account's custom-firewall entry point, 2f2f…, at version 2 (version 1 kept, so a version can
 * be read and deleted), with the rule 3a03….
 */
function seedAccountRuleset(db: Db, stamp: string): void {
  if (db.prepare('SELECT 1 FROM rulesets WHERE id = ?').get(SDK_IDS.ruleset)) return
  const owner = { column: 'account_id', id: SDK_IDS.rulesetAccount, entryKind: 'root' } as const
  const row = insertRuleset(db, owner, {
    id: SDK_IDS.ruleset,
    name: 'Account custom rules',
    description: 'Entry point of the account’s custom firewall rules',
    kind: 'root',
    phase: 'http_request_firewall_custom',
    version: 1,
    last_updated: stamp,
  })
  db.prepare(
    `INSERT INTO ruleset_rules (ruleset_id, position, id, version, action, action_parameters, expression, description, enabled, ref, logging, last_updated)
    VALUES (?, 0, ?, '1', 'block', NULL, 'ip.src eq 198.51.100.7', 'Block a known scanner', 1, ?, NULL, ?)`,
  ).run(row.id, SDK_IDS.rule, SDK_IDS.rule, stamp)
  saveVersion(db, row)
  update(
    db,
    row,
    'Entry point of the account’s custom firewall rules (scanner and bad bots)',
    [
      { id: SDK_IDS.rule, action: 'block', expression: 'ip.src eq 198.51.100.7', description: 'Block a known scanner' },
      {
        action: 'managed_challenge',
        expression: 'cf.client.bot and not cf.verified_bot_category in {"Search Engine Crawler"}',
        description: 'Challenge unverified bots',
      },
    ],
    stamp,
  )
}
