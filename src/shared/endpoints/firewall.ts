import { z } from 'zod'
import {
  firewallBulkDeleteQuerySchema,
  firewallDeletedRuleSchema,
  firewallRuleDeleteBodySchema,
  firewallRuleSchema,
} from '../schemas/firewall'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Firewall rules: read, and delete one or several (bulk ids go in the query: `?id=A&id=B`). */
export const firewallEndpoints = declare('firewall', [
  { method: 'GET', path: '/zones/:zone_id/firewall/rules', result: lazySchema(() => z.array(firewallRuleSchema)) },
  { method: 'GET', path: '/zones/:zone_id/firewall/rules/:rule_id', result: firewallRuleSchema },
  {
    method: 'DELETE',
    path: '/zones/:zone_id/firewall/rules/:rule_id',
    body: firewallRuleDeleteBodySchema,
    result: lazySchema(() => z.array(firewallDeletedRuleSchema)),
    audit: { type: 'firewall_rule' },
  },
  {
    method: 'DELETE',
    path: '/zones/:zone_id/firewall/rules',
    query: firewallBulkDeleteQuerySchema,
    result: lazySchema(() => z.array(firewallDeletedRuleSchema)),
    audit: { type: 'firewall_rule' },
  },
])
