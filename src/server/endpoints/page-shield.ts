import { pageShieldSettingsInputSchema } from '../../shared/schemas/page-shield'
import { policyCreateSchema, policyUpdateSchema } from '../../shared/schemas/page-shield-policy'
import type { Endpoint } from './types'

/** Page security: settings, detected scripts / connections / cookies (read-only, CSV export included), policies. */
export const pageShieldEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/page_shield' },
  { method: 'PUT', path: '/zones/:zone_id/page_shield', body: pageShieldSettingsInputSchema },
  { method: 'GET', path: '/zones/:zone_id/page_shield/scripts' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/scripts/:script_id' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/connections' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/connections/:connection_id' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/cookies' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/cookies/:cookie_id' },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies' },
  { method: 'POST', path: '/zones/:zone_id/page_shield/policies', body: policyCreateSchema },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies/:policy_id' },
  { method: 'PUT', path: '/zones/:zone_id/page_shield/policies/:policy_id', body: policyUpdateSchema },
  { method: 'DELETE', path: '/zones/:zone_id/page_shield/policies/:policy_id' },
]
