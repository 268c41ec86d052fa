import { z } from 'zod'
import {
  pageShieldConnectionSchema,
  pageShieldCookieSchema,
  pageShieldScriptDetailSchema,
  pageShieldScriptSchema,
  pageShieldSettingsInputSchema,
  pageShieldSettingsSchema,
} from '../schemas/page-shield'
import { pageShieldPolicySchema, policyCreateSchema, policyUpdateSchema } from '../schemas/page-shield-policy'
import { connectionsQuerySchema, cookiesQuerySchema, scriptsQuerySchema } from '../schemas/page-shield-query'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Page security: settings, detected scripts / connections / cookies (read-only, CSV export included), policies. */
export const pageShieldEndpoints = declare('page-shield', [
  { method: 'GET', path: '/zones/:zone_id/page_shield', result: pageShieldSettingsSchema },
  {
    method: 'PUT',
    path: '/zones/:zone_id/page_shield',
    body: pageShieldSettingsInputSchema,
    result: pageShieldSettingsSchema,
    audit: { type: 'page_shield_settings' },
  },
  {
    method: 'GET',
    path: '/zones/:zone_id/page_shield/scripts',
    query: scriptsQuerySchema,
    result: lazySchema(() => z.array(pageShieldScriptSchema)),
  },
  { method: 'GET', path: '/zones/:zone_id/page_shield/scripts/:script_id', result: pageShieldScriptDetailSchema },
  {
    method: 'GET',
    path: '/zones/:zone_id/page_shield/connections',
    query: connectionsQuerySchema,
    result: lazySchema(() => z.array(pageShieldConnectionSchema)),
  },
  { method: 'GET', path: '/zones/:zone_id/page_shield/connections/:connection_id', result: pageShieldConnectionSchema },
  {
    method: 'GET',
    path: '/zones/:zone_id/page_shield/cookies',
    query: cookiesQuerySchema,
    result: lazySchema(() => z.array(pageShieldCookieSchema)),
  },
  { method: 'GET', path: '/zones/:zone_id/page_shield/cookies/:cookie_id', result: pageShieldCookieSchema },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies', result: lazySchema(() => z.array(pageShieldPolicySchema)) },
  {
    method: 'POST',
    path: '/zones/:zone_id/page_shield/policies',
    body: policyCreateSchema,
    result: pageShieldPolicySchema,
    audit: { type: 'page_shield_policy' },
  },
  { method: 'GET', path: '/zones/:zone_id/page_shield/policies/:policy_id', result: pageShieldPolicySchema },
  {
    method: 'PUT',
    path: '/zones/:zone_id/page_shield/policies/:policy_id',
    body: policyUpdateSchema,
    result: pageShieldPolicySchema,
    audit: { type: 'page_shield_policy' },
  },
  { method: 'DELETE', path: '/zones/:zone_id/page_shield/policies/:policy_id', audit: { type: 'page_shield_policy' } },
])
