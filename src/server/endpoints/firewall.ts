import { firewallRuleDeleteBodySchema } from '../../shared/schemas/firewall'
import type { Endpoint } from './types'

/** Firewall rules: read, and delete one or several (bulk ids go in the query: `?id=A&id=B`). */
export const firewallEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/firewall/rules' },
  { method: 'GET', path: '/zones/:zone_id/firewall/rules/:rule_id' },
  { method: 'DELETE', path: '/zones/:zone_id/firewall/rules/:rule_id', body: firewallRuleDeleteBodySchema },
  { method: 'DELETE', path: '/zones/:zone_id/firewall/rules' },
]
