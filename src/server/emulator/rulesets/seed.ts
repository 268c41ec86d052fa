import type { SeedContext } from '../module'
import { stableId } from '../ids'
import { SEED_ZONES } from '../seed-ids'

const DAY = 86_400_000

/**
 * Seeded rulesets. The demo zone (example.com) has no custom-fields entry point on purpose: the
 * dashboard offers to create it. It has a firewall entry point and a managed ruleset, so the list
 * has something to look through. shop-scale.io already logs custom fields.
 */
export function seedRulesets({ db, now }: SeedContext): void {
  const t = now().getTime()
  const iso = (daysAgo: number) => new Date(t - daysAgo * DAY).toISOString()
  const insertSet = db.prepare(`INSERT INTO rulesets (id, zone_id, name, description, kind, phase, version, last_updated)
    VALUES (@id, @zone_id, @name, @description, @kind, @phase, @version, @last_updated)`)
  const insertRule = db.prepare(`INSERT INTO ruleset_rules
    (ruleset_id, position, id, version, action, action_parameters, expression, description, enabled, ref, logging, last_updated)
    VALUES (@ruleset_id, @position, @id, @version, @action, @action_parameters, @expression, @description, @enabled, @ref, NULL, @last_updated)`)
  const zoneExists = db.prepare('SELECT 1 FROM zones WHERE id = ?')

  const sets = [
    {
      zone: SEED_ZONES.demo,
      key: 'firewall-custom',
      name: 'default',
      description: 'Custom firewall rules of the zone',
      kind: 'zone',
      phase: 'http_request_firewall_custom',
      version: 3,
      daysAgo: 40,
      rules: [
        { action: 'block', expression: '(http.request.uri.path contains "/wp-login.php")', description: 'No WordPress here', params: null },
        { action: 'managed_challenge', expression: '(ip.src.country in {"T1"})', description: 'Challenge Tor exits', params: null },
      ],
    },
    {
      zone: SEED_ZONES.demo,
      key: 'managed',
      name: 'Cloudflare Managed Ruleset',
      description: 'Created by the service: rules that protect against common vulnerabilities',
      kind: 'managed',
      phase: 'http_request_firewall_managed',
      version: 71,
      daysAgo: 6,
      rules: [],
    },
    {
      zone: SEED_ZONES.scripts,
      key: 'log-custom-fields',
      name: 'default',
      description: '',
      kind: 'zone',
      phase: 'http_log_custom_fields',
      version: 2,
      daysAgo: 12,
      rules: [
        {
          action: 'log_custom_field',
          expression: 'true',
          description: 'Order tracing',
          params: {
            request_fields: [{ name: 'x-request-id' }, { name: 'x-cart-version' }],
            response_fields: [{ name: 'x-cache-tier' }],
            cookie_fields: [{ name: 'cartId' }],
          },
        },
      ],
    },
  ]
  for (const s of sets) {
    if (!zoneExists.get(s.zone.id)) continue
    const id = stableId(`ruleset:${s.zone.name}:${s.key}`)
    insertSet.run({ id, zone_id: s.zone.id, name: s.name, description: s.description, kind: s.kind, phase: s.phase, version: s.version, last_updated: iso(s.daysAgo) })
    s.rules.forEach((r, position) => {
      const ruleId = stableId(`rule:${s.zone.name}:${s.key}:${position}`)
      insertRule.run({
        ruleset_id: id,
        position,
        id: ruleId,
        version: String(s.version),
        action: r.action,
        action_parameters: r.params === null ? null : JSON.stringify(r.params),
        expression: r.expression,
        description: r.description,
        enabled: 1,
        ref: ruleId,
        last_updated: iso(s.daysAgo),
      })
    })
  }
}
